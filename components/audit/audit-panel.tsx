import { Link } from '@/components/link';
import { readRecordHistory } from '@/lib/audit/data';
import { auditHref } from '@/lib/entities/hrefs';
import { AuditEntriesStatic } from './audit-entries-static';

/**
 * The latest audit entries that name one record as a target, for its detail page. `targetType`
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
          Audit history
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
        <p className="text-sm text-muted-foreground">No operator action on this record yet.</p>
      )}
    </section>
  );
}
