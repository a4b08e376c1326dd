import type { ConsoleColumn } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import type { RoleOrigin } from '@/lib/auth/roles';
import { operatorHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { OperatorRecord } from '@/lib/operators/store';
import { OPERATOR_FILTERS } from '@/lib/operators/search-params';
import type { OrderedTable, TableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';

/** Where a role comes from, in words (the operator's page and the list say it the same way). */
export function roleOriginText(operator: Pick<OperatorRecord, 'origin' | 'decidedBy'>): string {
  const origins: Record<RoleOrigin, string> = {
    database:
      operator.decidedBy === 'CONSOLE_ROLES'
        ? 'console database (from CONSOLE_ROLES at first sign-in)'
        : `console database (set by ${operator.decidedBy ?? 'an ops operator'})`,
    setting: 'CONSOLE_ROLES setting',
    default: 'default: no role given',
  };
  return origins[operator.origin];
}

const time = { cellClassName: 'whitespace-nowrap font-mono text-xs' };

const COLUMNS: ConsoleColumn<OperatorRecord>[] = [
  {
    id: 'email',
    header: 'Operator',
    enableSorting: true,
    enableHiding: false,
    cell: ({ row: { original: row } }) => <RecordLink href={operatorHref(row.accountId)}>{row.email}</RecordLink>,
    meta: { csv: 'email' },
  },
  { id: 'name', header: 'Name', enableSorting: true, cell: ({ row: { original: row } }) => row.name },
  {
    id: 'account',
    header: 'Account id',
    cell: ({ row: { original: row } }) => row.accountId,
    meta: { cellClassName: 'font-mono text-xs', defaultHidden: true },
  },
  {
    id: 'role',
    header: 'Role',
    enableSorting: true,
    cell: ({ row: { original: row } }) => (
      <Badge variant={row.role === 'ops' ? 'default' : 'secondary'}>{row.role}</Badge>
    ),
  },
  {
    id: 'origin',
    header: 'Role from',
    cell: ({ row: { original: row } }) => roleOriginText(row),
    meta: { cellClassName: 'text-xs whitespace-normal', cellMaxWidth: 'max-w-64' },
  },
  {
    id: 'signedIn',
    header: 'Last sign-in',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row: { original: row } }) => formatUtc(row.lastSignInAt),
    meta: time,
  },
  {
    id: 'active',
    header: 'Last activity',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row: { original: row } }) => formatUtc(row.lastActivityAt),
    meta: time,
  },
  {
    id: 'sessions',
    header: 'Open sessions',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row: { original: row } }) => row.openSessions,
    meta: { cellClassName: 'tabular-nums' },
  },
];

/** The operators table, declared once: most recently active first (the page's URL reads it: lib/operators/search-params.ts). */
export const OPERATORS_TABLE: OrderedTable<OperatorRecord> = {
  columns: COLUMNS,
  filters: OPERATOR_FILTERS,
  searchHint: 'e-mail or name',
  defaultSort: { field: 'active', order: 'desc' },
  defaultSize: 50,
};

interface OperatorsTableProps {
  rows: OperatorRecord[];
  page: number;
  table: TableParams;
  total: number;
  empty: React.ReactNode;
}

/** Every operator who signed in, one page of them. */
export function OperatorsTable({ rows, page, table, total, empty }: OperatorsTableProps) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.accountId}
      caption="Operators"
      empty={empty}
      testId="operators-table"
      rowAttributes={(row) => ({ 'data-account-id': row.accountId })}
      pagination={{
        page,
        size: table.size,
        total,
        rowLabel: total === 1 ? 'operator' : 'operators',
        sizes: PAGE_SIZES,
        defaultSize: OPERATORS_TABLE.defaultSize,
      }}
      sort={{ current: table.sort, default: OPERATORS_TABLE.defaultSort }}
      visibility={table.visibility}
      chooseColumns
    />
  );
}
