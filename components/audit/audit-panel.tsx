import { Link } from '@/components/link';
import { readRecordHistory } from '@/lib/audit/data';
import { auditHref } from '@/lib/entities/hrefs';
import { AuditEntriesStatic } from './audit-entries-static';

/**
 * A record's history for its detail page: the latest audit entries that name it and the items of
 * bulk jobs that acted on it (lib/audit/history.ts). `targetType`
 * is the audit's name for the record's kind (`message`, `user`: see `auditTargetType`).
 */
export async function AuditPanel({
  targetType,
  targetId,
  limit = 10,
}: {
  targetType: string;
  targetId: string;
  limit?: number;
}) {
  const { rows, total } = await readRecordHistory(targetType, targetId, limit);
  return (
    <section aria-labelledby="audit-history-heading" className="space-y-2" data-testid="audit-panel">
      <div className="flex items-center justify-between">
        <h2 id="audit-history-heading" className="text-base font-semibold">
          History
        </h2>
        {total > rows.length ? (
          <Link className="text-sm underline" href={auditHref({ target: targetId })}>
            All {total} entries
          </Link>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <AuditEntriesStatic rows={rows} showTargets={false} />
      ) : (
        <p className="text-sm text-muted-foreground">No operator action or bulk job has changed this record yet.</p>
      )}
    </section>
  );
}
