'use client';

import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { CopyableId, TRUNCATED_ID_CLASS } from '@/components/data-table/copyable-id';
import { RecordLink } from '@/components/data-table/record-link';
import { CellValue } from '@/components/entities/cell-value';
import { BulkJobToolbar, selectColumn } from '@/components/jobs/bulk-toolbar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ActionPermission } from '@/lib/auth/permissions';
import { detailHref } from '@/lib/entities/hrefs';
import type { EntityName, NameRecord } from '@/lib/entities/types';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import { withFrom } from '@/lib/navigation/from';
import type { JobSelection } from '@/lib/jobs/types';
import type { TableParams } from '@/lib/search-params/table';
import { statusLabel } from '@/lib/status-labels';
import { STUCK_TABLE } from '@/lib/triage/table';
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

const helper = createColumnHelper<ServerTableFeatures, Message>();

/** The artifacts a message lacks, worded as the message's own page words them. */
const missingLabels = (message: Message) => {
  const missing = missingArtifacts(message);
  return ARTIFACTS.filter((artifact) => missing.includes(artifact.id)).map((artifact) => artifact.label).join(', ');
};

const idLink = (entity: string, id: string | null | undefined, back?: string) =>
  id ? (
    <CopyableId id={id}>
      <RecordLink href={back ? withFrom(detailHref(entity, id), back) : detailHref(entity, id)} className={`font-mono text-xs underline ${TRUNCATED_ID_CLASS}`}>
        {id}
      </RecordLink>
    </CopyableId>
  ) : (
    '—'
  );

const SELECT = selectColumn<Message>();

type Titles = ReadonlyMap<string, EntityName>;

/** A linked record by name (the id on hover and in the link), or its bare id when unnamed. */
const namedLink = (entity: string, id: string | null | undefined, titles: Titles) => <CellValue column={{ kind: 'id', linkTo: entity }} value={id} mode="table" titles={titles} />;

const columnsAt = (now: number, back: string, titles: Titles) => [
  helper.display({ id: 'message', header: 'Message', meta: { label: 'Message' }, cell: ({ row }) => idLink('messages', row.original.id, back) }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <Badge variant="warning" title={row.original.status}>{statusLabel(row.original.status)}</Badge> }),
  helper.accessor((row): unknown => row.last_updated_at, {
    id: 'age',
    sortDescFirst: true,
    header: 'Not updated for',
    meta: { label: 'Not updated for', cellClassName: 'whitespace-nowrap tabular-nums' },
    cell: ({ row }) => (row.original.last_updated_at === undefined ? 'unknown' : formatAge(now - row.original.last_updated_at)),
  }),
  helper.display({ id: 'workspace', header: 'Workspace', meta: { label: 'Workspace' }, cell: ({ row }) => namedLink('workspaces', row.original.workspace_guid, titles) }),
  helper.display({ id: 'channel', header: 'Channel', meta: { label: 'Channel' }, cell: ({ row }) => namedLink('channels', row.original.channel_guids?.[0], titles) }),
  helper.display({ id: 'creator', header: 'Creator', meta: { label: 'Creator' }, cell: ({ row }) => namedLink('users', row.original.creator_guid, titles) }),
  helper.display({ id: 'missing', header: 'Missing', meta: { label: 'Missing', cellClassName: 'text-xs' }, cell: ({ row }) => missingLabels(row.original) || '—' }),
];

/** The stuck messages of one view, oldest first by default, with row selection and bulk remediation. */
export function StuckTable({ rows, now, total, page, table, viewKey, returnHref, exportHref, selection, permission, empty, incidentId, names }: StuckTableProps) {
  const canRemediate = permission.allowed;
  const [selected, setSelected] = useState<{ view: string; rows: RowSelectionState }>({ view: viewKey, rows: {} });
  const titles = useMemo(() => new Map(Object.entries(names ?? {})), [names]);
  const columns = useMemo(
    () => (canRemediate ? [SELECT, ...columnsAt(now, returnHref, titles)] : columnsAt(now, returnHref, titles)),
    [canRemediate, now, returnHref, titles],
  );
  // A selection belongs to one view: it is kept across pages (and refreshes) of that view, and a
  // new filter starts empty, so rows picked under another filter are never remediated unseen.
  const rowSelection = selected.view === viewKey ? selected.rows : {};
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const onOtherPages = selectedIds.filter((id) => !rows.some((row) => row.id === id)).length;

  const tools =
    rows.length === 0 && selectedIds.length === 0 ? null : (
      <BulkJobToolbar offer={{ kind: 'message', all: selection, permission, incidentId }} selectedIds={selectedIds} total={total}>
        {selectedIds.length > 0 ? (
          <>
            {onOtherPages > 0 ? <span className="text-xs text-muted-foreground" data-testid="selected-elsewhere">{onOtherPages} of them on other pages</span> : null}
            <Button size="sm" variant="ghost" onClick={() => setSelected({ view: viewKey, rows: {} })}>
              Clear selection
            </Button>
          </>
        ) : null}
      </BulkJobToolbar>
    );

  return (
    <div className="space-y-2">
      <PagedDataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        caption={table.sort.order === 'desc' ? 'Stuck messages, oldest first' : 'Stuck messages, most recently updated first'}
        empty={empty}
        testId="stuck-table"
        rowAttributes={(row) => ({ 'data-testid': 'stuck-row', 'data-message-id': row.id })}
        pagination={{ page, size: table.size, total, rowLabel: 'stuck messages', sizes: PAGE_SIZES, defaultSize: STUCK_TABLE.defaultSize }}
        sort={{ current: table.sort, default: STUCK_TABLE.defaultSort }}
        visibility={table.visibility}
        chooseColumns
        exportHref={exportHref}
        tools={tools}
        rowSelection={canRemediate ? { state: rowSelection, onChange: (next) => setSelected({ view: viewKey, rows: next }) } : undefined}
      />
    </div>
  );
}
