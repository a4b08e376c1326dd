import { Link } from '@/components/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { StoredMerge } from '@/lib/accounts/merges';
import { formatUtc } from '@/lib/time';
import { FootprintTable } from './footprint-table';

/**
 * The merges into this account the console made: each account's holdings counted before the
 * merge and read back after it, and what the service said moved.
 */
export function MergeReports({ merges, highlight }: { merges: readonly StoredMerge[]; highlight: string | null }) {
  if (merges.length === 0) return null;
  // The merge just made is the newest one of the account named in the URL.
  const freshId = highlight === null ? undefined : merges.find((merge) => merge.report.sourceId === highlight)?.id;
  return (
    <section aria-labelledby="merges-heading" className="space-y-3">
      <h2 id="merges-heading" className="text-base font-semibold">
        Accounts merged into this one
      </h2>
      {merges.map(({ id, mergedAt, operatorEmail, report }) => {
        const fresh = id === freshId;
        return (
          <Alert
            key={id}
            className={fresh ? 'border-success' : undefined}
            data-testid={fresh ? 'merge-result' : 'merge-report'}
          >
            <AlertTitle>
              <bdi>{report.sourceName}</bdi> was merged into <bdi>{report.targetName}</bdi>
            </AlertTitle>
            <AlertDescription className="space-y-2">
              <p>
                {formatUtc(mergedAt)} by <bdi>{operatorEmail}</bdi>. The folded account{' '}
                <Link href={`/users/${encodeURIComponent(report.sourceId)}`} className="underline">
                  {report.sourceId}
                </Link>{' '}
                {report.sourceMergedInto === report.targetId
                  ? 'now reads as merged into this one.'
                  : `reads as merged into ${report.sourceMergedInto ?? 'nothing'}: check it.`}{' '}
                The service reported moving{' '}
                {Object.entries(report.moved)
                  .map(([what, count]) => `${count} ${what}`)
                  .join(', ') || 'nothing'}
                .
              </p>
              <FootprintTable
                caption="Holdings before and after the merge, as read from the service"
                columns={[
                  { label: 'Folded, before', footprint: report.before.source },
                  { label: 'Kept, before', footprint: report.before.target },
                  {
                    label: 'Folded, after',
                    footprint: report.after.source,
                    testId: fresh ? 'after-source' : undefined,
                  },
                  { label: 'Kept, after', footprint: report.after.target, testId: fresh ? 'after-target' : undefined },
                ]}
              />
            </AlertDescription>
          </Alert>
        );
      })}
    </section>
  );
}
