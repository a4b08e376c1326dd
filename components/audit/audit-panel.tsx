import Link from 'next/link';
import { queryAudit } from '@/lib/audit/log';
import { getConsoleDb } from '@/lib/db';
import { auditHref } from '@/lib/entities/hrefs';
import { AuditEntriesTable } from './audit-entries-table';

/** The latest audit entries that name one record as a target, for its detail page. */
export async function AuditPanel({ targetId, limit = 10 }: { targetType: string; targetId: string; limit?: number }) {
  const db = await getConsoleDb();
  const { rows, total } = await queryAudit(db, { target: targetId }, { offset: 0, limit });
  return (
    <section aria-labelledby="audit-history-heading" className="space-y-2" data-testid="audit-panel">
      <div className="flex items-center justify-between">
        <h2 id="audit-history-heading" className="text-base font-semibold">Audit history</h2>
        {total > rows.length ? (
          <Link className="text-sm underline" href={auditHref({ target: targetId })}>All {total} entries</Link>
        ) : null}
      </div>
      {rows.length > 0 ? <AuditEntriesTable rows={rows} showTargets={false} /> : <p className="text-sm text-muted-foreground">No operator action on this record yet.</p>}
    </section>
  );
}
