import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AuditRow } from '@/lib/audit/log';
import { auditHref, auditTargetHref } from '@/lib/entities/hrefs';
import { formatUtc } from '@/lib/time';

const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  failed: 'failed',
  denied: 'refused',
  invalid: 'refused (invalid input)',
};

function Entry({ row }: { row: AuditRow }) {
  const target = row.targetIds[0];
  const href = target ? auditTargetHref(row.targetType, target) : null;
  return (
    <li
      className="space-y-0.5"
      data-testid="dashboard-attention-entry"
      data-outcome={row.outcome}
      data-action={row.action}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={row.outcome === 'failed' ? 'destructive' : 'warning'}>
          {OUTCOME_WORDS[row.outcome] ?? row.outcome}
        </Badge>
        <Link
          className="font-mono text-xs text-primary underline"
          href={auditHref({ action: row.action, outcome: row.outcome })}
        >
          {row.action}
        </Link>
        {target ? (
          href ? (
            <Link className="break-all font-mono text-xs underline" href={href}>
              {target}
            </Link>
          ) : (
            <span className="break-all font-mono text-xs">{target}</span>
          )
        ) : null}
        {row.targetIds.length > 1 ? (
          <span className="text-xs text-muted-foreground">+{row.targetIds.length - 1} more</span>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        {row.operatorEmail} ({row.operatorRole}), {formatUtc(row.occurredAt)}
        {row.denialReason || row.errorMessage ? <>: {row.denialReason ?? row.errorMessage}</> : null}
      </p>
    </li>
  );
}

/** The latest operator actions that failed or were refused, each linked to its target and the audit log. */
export function AttentionCard({ rows }: { rows: AuditRow[] }) {
  return (
    <Card data-testid="dashboard-attention">
      <CardHeader row className="items-baseline justify-between gap-2">
        <CardTitle className="text-base">Failed and refused actions</CardTitle>
        <Link className="text-sm underline" href={auditHref({ outcome: 'failed' })}>
          Audit log
        </Link>
      </CardHeader>
      <CardContent className="text-sm">
        {rows.length === 0 ? (
          <p className="text-muted-foreground">No operator action has failed or been refused.</p>
        ) : (
          <ul className="space-y-3">
            {rows.map((row) => (
              <Entry key={row.id} row={row} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
