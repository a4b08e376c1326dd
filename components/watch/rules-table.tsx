import { ListTable } from '@/components/data-table/list-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { formatUtc } from '@/lib/time';
import type { WatchRuleState } from '@/lib/watch/states';
import { ruleHref } from '@/lib/watch/paths';

/** A rule as the list shows it; the server words its condition and target. */
export interface RuleListItem {
  id: string;
  name: string;
  state: WatchRuleState;
  enabled: boolean;
  condition: string;
  target: string;
  lastCount: number | null;
  /** The last evaluation could not read the count: why. */
  lastError: string | null;
  stateSince: Date;
  silencedUntil: Date | null;
  acknowledgedBy: string | null;
}

export const STATE_VARIANT: Record<WatchRuleState, 'destructive' | 'warning' | 'success' | 'outline'> = {
  firing: 'destructive',
  pending: 'warning',
  resolved: 'success',
  ok: 'outline',
};

const COLUMNS: ConsoleColumn<RuleListItem>[] = [
  {
    id: 'name',
    header: 'Rule',
    cell: ({ row: { original: row } }) => <RecordLink href={ruleHref(row.id)}>{row.name}</RecordLink>,
  },
  {
    id: 'state',
    header: 'State',
    cell: ({ row: { original: row } }) =>
      row.enabled ? (
        <Badge variant={STATE_VARIANT[row.state]} data-testid="rule-state">
          {row.state}
        </Badge>
      ) : (
        <Badge variant="secondary" data-testid="rule-state">
          disabled
        </Badge>
      ),
  },
  { id: 'condition', header: 'Condition', cell: ({ row: { original: row } }) => row.condition },
  {
    id: 'target',
    header: 'Counts',
    cell: ({ row: { original: row } }) => row.target,
    meta: { cellClassName: 'text-xs' },
  },
  {
    id: 'count',
    header: 'Last count',
    cell: ({ row: { original: row } }) =>
      row.lastError ? (
        <span title={row.lastError}>unknown</span>
      ) : row.lastCount === null ? (
        '—'
      ) : (
        row.lastCount.toLocaleString('en-US')
      ),
    meta: { cellClassName: 'tabular-nums' },
  },
  {
    id: 'since',
    header: 'Since',
    cell: ({ row: { original: row } }) => formatUtc(row.stateSince),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
  {
    id: 'attention',
    header: 'Silenced / acknowledged',
    cell: ({ row: { original: row } }) =>
      [
        row.silencedUntil ? `silenced until ${formatUtc(row.silencedUntil)}` : null,
        row.acknowledgedBy ? `acknowledged by ${row.acknowledgedBy}` : null,
      ]
        .filter(Boolean)
        .join('; ') || '—',
    meta: { cellClassName: 'text-xs' },
  },
];

export function RulesTable({ rows }: { rows: RuleListItem[] }) {
  return (
    <ListTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Watch rules, firing and pending first"
      empty="No watch rule yet. Make one, or use “Watch this” on the stuck queue."
      testId="rules-table"
      rowAttributes={(row) => ({ 'data-testid': 'rule-row', 'data-rule-state': row.enabled ? row.state : 'disabled' })}
    />
  );
}
