import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AuditOutcomeValue, AuditRow } from '@/lib/audit/log';

const OUTCOME_VARIANT: Record<AuditOutcomeValue, 'success' | 'destructive' | 'warning' | 'secondary' | 'outline'> = {
  ok: 'success',
  failed: 'destructive',
  denied: 'warning',
  invalid: 'warning',
  pending: 'secondary',
};

function utc(date: Date): string {
  return `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

/** Audit entries as a table; every value is text (params and messages may come from anyone). */
export function AuditEntriesTable({ rows, showTargets = true }: { rows: AuditRow[]; showTargets?: boolean }) {
  return (
    <Table data-testid="audit-entries">
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Operator</TableHead>
          <TableHead>Action</TableHead>
          {showTargets ? <TableHead>Target</TableHead> : null}
          <TableHead>Outcome</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="audit-entry">
            <TableCell className="whitespace-nowrap font-mono text-xs" title={row.occurredAt.toISOString()}>
              {utc(row.occurredAt)}
            </TableCell>
            <TableCell>
              <div className="text-sm">{row.operatorEmail}</div>
              <div className="text-xs text-muted-foreground" data-testid="audit-role">{row.operatorRole}</div>
            </TableCell>
            <TableCell className="font-mono text-xs" data-testid="audit-action">{row.action}</TableCell>
            {showTargets ? (
              <TableCell className="max-w-64 text-xs">
                <span className="text-muted-foreground">{row.targetType}</span>{' '}
                <span className="break-all font-mono">{row.targetIds.slice(0, 3).join(', ')}</span>
                {row.targetIds.length > 3 ? <span className="text-muted-foreground"> +{row.targetIds.length - 3} more</span> : null}
              </TableCell>
            ) : null}
            <TableCell>
              <Badge variant={OUTCOME_VARIANT[row.outcome]} data-testid="audit-outcome">{row.outcome}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs">
              {row.upstreamStatus ?? '—'}
              {row.durationMs !== null ? <span className="text-muted-foreground"> · {row.durationMs} ms</span> : null}
              {row.upstreamRequestId ? <div className="max-w-40 truncate font-mono text-muted-foreground" title={row.upstreamRequestId}>{row.upstreamRequestId}</div> : null}
            </TableCell>
            <TableCell className="max-w-80 text-xs">
              {row.denialReason ? <div className="text-muted-foreground">{row.denialReason}</div> : null}
              {row.errorMessage ? <div className="break-words text-destructive">{row.errorMessage}</div> : null}
              <details>
                <summary className="cursor-pointer text-muted-foreground">parameters</summary>
                <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">{JSON.stringify(row.params, null, 2)}</pre>
              </details>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
