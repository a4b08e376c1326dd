'use client';

import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { CellValue } from '@/components/entities/cell-value';
import { BulkRemediationDialog } from '@/components/jobs/bulk-remediation-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { detailHref } from '@/lib/entities/hrefs';
import type { ActionPermission } from '@/lib/auth/permissions';
import type { EntityName, NameRecord } from '@/lib/entities/types';
import type { JobSelection } from '@/lib/jobs/types';
import { statusLabel } from '@/lib/status-labels';
import { formatAge, missingArtifacts } from '@/lib/triage/stuck';
import type { Message } from '@/lib/upstream/contract';

interface StuckTableProps {
  rows: Message[];
  now: number;
  /** Every message of the current group, not only this page. */
  total: number;
  page: number;
  size: number;
  /** What "all matching" means for this view. */
  selection: JobSelection;
  /** Whether the role may start a bulk remediation, and if not, why (shown beside the disabled buttons). */
  remediate: ActionPermission;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** Names of the rows' workspaces, channels and creators, by detail href. */
  names?: NameRecord;
}

const helper = createColumnHelper<ServerTableFeatures, Message>();

const idLink = (entity: string, id: string | null | undefined) => (id ? <RecordLink href={detailHref(entity, id)}>{id}</RecordLink> : '—');

const SELECT = helper.display({
  id: 'select',
  meta: { label: 'Select', cellClassName: 'w-8' },
  header: ({ table }) => (
    <input type="checkbox" aria-label="Select all on this page" checked={table.getIsAllPageRowsSelected()} onChange={() => table.toggleAllPageRowsSelected()} />
  ),
  cell: ({ row }) => <input type="checkbox" aria-label={`Select ${row.original.id}`} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />,
});

type Titles = ReadonlyMap<string, EntityName>;

/** A linked record by name (the id on hover and in the link), or its bare id when unnamed. */
const namedLink = (entity: string, id: string | null | undefined, titles: Titles) => <CellValue column={{ kind: 'id', linkTo: entity }} value={id} mode="table" titles={titles} />;

const columnsAt = (now: number, titles: Titles) => [
  helper.display({ id: 'message', header: 'Message', meta: { label: 'Message' }, cell: ({ row }) => idLink('messages', row.original.id) }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <Badge variant="warning" title={row.original.status}>{statusLabel(row.original.status)}</Badge> }),
  helper.display({
    id: 'age',
    header: 'Not updated for',
    meta: { label: 'Not updated for', cellClassName: 'whitespace-nowrap tabular-nums' },
    cell: ({ row }) => (row.original.last_updated_at === undefined ? 'unknown' : formatAge(now - row.original.last_updated_at)),
  }),
  helper.display({ id: 'workspace', header: 'Workspace', meta: { label: 'Workspace' }, cell: ({ row }) => namedLink('workspaces', row.original.workspace_guid, titles) }),
  helper.display({ id: 'channel', header: 'Channel', meta: { label: 'Channel' }, cell: ({ row }) => namedLink('channels', row.original.channel_guids?.[0], titles) }),
  helper.display({ id: 'creator', header: 'Creator', meta: { label: 'Creator' }, cell: ({ row }) => namedLink('users', row.original.creator_guid, titles) }),
  helper.display({ id: 'missing', header: 'Missing', meta: { label: 'Missing', cellClassName: 'text-xs' }, cell: ({ row }) => missingArtifacts(row.original).join(', ') || '—' }),
];

/** The stuck messages of one view, oldest first, with row selection and bulk remediation. */
export function StuckTable({ rows, now, total, page, size, selection, remediate, empty, names }: StuckTableProps) {
  const canRemediate = remediate.allowed;
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<JobSelection | null>(null);
  const titles = useMemo(() => new Map(Object.entries(names ?? {})), [names]);
  const columns = useMemo(() => (canRemediate ? [SELECT, ...columnsAt(now, titles)] : columnsAt(now, titles)), [canRemediate, now, titles]);
  // Only rows on screen count: a selection made in another group or page, or of messages that
  // recovered since the last refresh, must not be remediated unseen.
  const selectedShown = rows.filter((row) => selected[row.id]).map((row) => row.id);

  return (
    <div className="space-y-2">
      {rows.length === 0 ? null : (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Bulk remediation">
          <Button
            size="sm"
            variant="outline"
            disabled={!canRemediate || selectedShown.length === 0}
            aria-describedby={canRemediate ? undefined : 'remediate-refused'}
            onClick={() => setDialog({ kind: 'ids', ids: selectedShown })}
          >
            Remediate selected ({selectedShown.length})
          </Button>
          <Button size="sm" disabled={!canRemediate} aria-describedby={canRemediate ? undefined : 'remediate-refused'} onClick={() => setDialog(selection)}>
            Remediate all {total.toLocaleString('en-US')} matching
          </Button>
          <RefusalNote id="remediate-refused" permission={remediate} />
        </div>
      )}
      <PagedDataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        caption="Stuck messages, oldest first"
        empty={empty}
        testId="stuck-table"
        rowAttributes={(row) => ({ 'data-testid': 'stuck-row', 'data-message-id': row.id })}
        pagination={{ page, size, total, rowLabel: 'stuck messages' }}
        rowSelection={canRemediate ? { state: selected, onChange: setSelected } : undefined}
      />
      {dialog ? <BulkRemediationDialog selection={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
