import { Link } from '@/components/link';
import type { ConsoleColumn, ConsoleTableMeta } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { CopyableId, TRUNCATED_ID_CLASS } from '@/components/data-table/cells/copyable-id';
import { CellValue } from '@/components/entities/cell-value';
import { BulkJobToolbar } from '@/components/jobs/bulk-toolbar';
import { Badge } from '@/components/ui/badge';
import type { ActionPermission } from '@/lib/auth/roles';
import { detailHref } from '@/lib/entities/hrefs';
import { declaredEntityView } from '@/lib/entities/registry';
import type { NameRecord } from '@/lib/entities/types';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import { withFrom } from '@/lib/navigation/from';
import type { JobSelection } from '@/lib/jobs/types';
import type { OrderedTable, TableParams } from '@/lib/search-params/table';
import { statusLabel } from '@/lib/status-labels';
import { STUCK_FILTERS } from '@/lib/triage/search-params';
import { ARTIFACTS, formatAge, missingArtifacts } from '@/lib/triage/stuck-rules';
import type { Message } from '@/lib/upstream/contract';

interface StuckTableProps {
  rows: Message[];
  now: number;
  /** Every message of the current group, not only this page. */
  total: number;
  page: number;
  /** Page size, order and shown columns, as the URL says. */
  table: TableParams;
  /** The view's filter (not its page, order or columns): a selection is kept across its pages, and dropped when the filter changes. */
  viewKey: string;
  /** This view with its page: a message opened from here leads back to it (lib/navigation/from). */
  returnHref: string;
  /** The CSV of every message of this view. */
  exportHref: string;
  /** What "all matching" means for this view. */
  selection: JobSelection;
  /** Whether the role may plan a bulk job (selection is offered only then). */
  permission: ActionPermission;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** The incident this view remediates for: jobs started here are linked to it. */
  incidentId?: string;
  /** Names of the rows' workspaces, channels and creators, by detail href. */
  names?: NameRecord;
}

/** The artifacts a message lacks, worded as the message's own page words them. */
const missingLabels = (message: Message) => {
  const missing = missingArtifacts(message);
  return ARTIFACTS.filter((artifact) => missing.includes(artifact.id))
    .map((artifact) => artifact.label)
    .join(', ');
};

/** The message's id, leading to its page and back here. */
const idLink = (entity: string, id: string | null | undefined, back?: string) =>
  id ? (
    <CopyableId id={id}>
      <Link
        href={back ? withFrom(detailHref(entity, id), back) : detailHref(entity, id)}
        title={id}
        dir="auto"
        className={`record-id-link ${TRUNCATED_ID_CLASS}`}
      >
        {id}
      </Link>
    </CopyableId>
  ) : (
    '—'
  );

type Titles = ConsoleTableMeta['titles'];

/** A linked record by name (the id on hover and in the link), or its bare id when unnamed. */
const namedLink = (entity: string, id: string | null | undefined, titles: Titles) => (
  <CellValue column={{ kind: 'id', linkTo: entity }} value={id} mode="table" titles={titles} copyableIds />
);

/** The message fields the queue's CSV writes, in its order, as the messages list declares and exports them. */
const EXPORTED_FIELDS = [
  'id',
  'name',
  'status',
  'status_reason',
  'creator_guid',
  'workspace_guid',
  'channel_guids',
  'message_ts',
  'last_updated_at',
];

/**
 * The queue's CSV fields: the messages list's columns for EXPORTED_FIELDS, then the artifacts each
 * message lacks. Never shown nor sortable, and under their own ids, which the shown columns' ids
 * (in the URL's `cols` and `sort`) never meet.
 */
const csvFields: ConsoleColumn<Message>[] = [
  ...EXPORTED_FIELDS.flatMap((field) =>
    declaredEntityView('messages')
      .columns.filter((column) => column.id === field)
      .map((column) => ({
        id: `export_${field}`,
        accessorKey: column.accessorKey,
        header: column.header,
        meta: { ...column.meta, exportOnly: true },
      })),
  ),
  {
    id: 'export_missing',
    accessorFn: (row) => missingArtifacts(row).join('; '),
    meta: { csv: 'missing', exportOnly: true },
  },
];

/** The stuck table, declared once: its columns (they read the page's time, return link and names from the table's meta), oldest first, 50 a page. */
export const STUCK_TABLE: OrderedTable<Message> = {
  filters: STUCK_FILTERS,
  columns: [
    {
      id: 'message',
      header: 'Message',
      cell: ({ row, table }) => idLink('messages', row.original.id, table.options.meta?.returnHref),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: row } }) => (
        <Badge variant="warning" title={row.status}>
          {statusLabel(row.status)}
        </Badge>
      ),
    },
    {
      id: 'age',
      header: 'Not updated for',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row: { original: row }, table }) =>
        row.last_updated_at === undefined
          ? 'unknown'
          : formatAge((table.options.meta?.now ?? Date.now()) - row.last_updated_at),
      meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
    },
    {
      id: 'workspace',
      header: 'Workspace',
      cell: ({ row, table }) => namedLink('workspaces', row.original.workspace_guid, table.options.meta?.titles),
    },
    {
      id: 'channel',
      header: 'Channel',
      cell: ({ row, table }) => namedLink('channels', row.original.channel_guids?.[0], table.options.meta?.titles),
    },
    {
      id: 'creator',
      header: 'Creator',
      cell: ({ row, table }) => namedLink('users', row.original.creator_guid, table.options.meta?.titles),
    },
    {
      id: 'missing',
      header: 'Missing',
      cell: ({ row: { original: row } }) => missingLabels(row) || '—',
      meta: { cellClassName: 'text-xs' },
    },
    ...csvFields,
  ],
  searchHint: null,
  defaultSort: { field: 'age', order: 'desc' },
  defaultSize: 50,
};

/**
 * The stuck messages of one view, oldest first by default, with row selection and bulk
 * remediation. A selection belongs to one view: it is kept across pages (and refreshes) of that
 * view, and a new filter starts empty, so rows picked under another filter are never remediated unseen.
 */
export function StuckTable({
  rows,
  now,
  total,
  page,
  table,
  viewKey,
  returnHref,
  exportHref,
  selection,
  permission,
  empty,
  incidentId,
  names,
}: StuckTableProps) {
  return (
    <PagedTable
      columns={STUCK_TABLE.columns}
      meta={{ now, returnHref, titles: new Map(Object.entries(names ?? {})) }}
      rows={rows}
      getRowId={(row) => row.id}
      caption={
        table.sort.order === 'desc' ? 'Stuck messages, oldest first' : 'Stuck messages, most recently updated first'
      }
      empty={empty}
      testId="stuck-table"
      rowAttributes={(row) => ({ 'data-testid': 'stuck-row', 'data-message-id': row.id })}
      pagination={{
        page,
        size: table.size,
        total,
        rowLabel: 'stuck messages',
        sizes: PAGE_SIZES,
        defaultSize: STUCK_TABLE.defaultSize,
      }}
      sort={{ current: table.sort, default: STUCK_TABLE.defaultSort }}
      visibility={table.visibility}
      chooseColumns
      exportHref={exportHref}
      tools={
        <BulkJobToolbar
          offer={{ kind: 'message', all: selection, permission, incidentId }}
          pageIds={rows.map((row) => row.id)}
          total={total}
          acrossPages
        />
      }
      selectionKey={permission.allowed ? viewKey : undefined}
    />
  );
}
