'use client';

import type { ColumnDef, RowData } from '@tanstack/react-table';
import { useState } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import type { ActionPermission } from '@/lib/auth/permissions';
import { ITEM_NOUNS, type ItemKindName } from '@/lib/jobs/action-names';
import type { JobSelection } from '@/lib/jobs/types';
import { LazyBulkRemediationDialog as BulkRemediationDialog } from './lazy-bulk-remediation-dialog';

/** What a list offers as a bulk job: the kind of its rows, "all matching" as the list's filter, and whether the role may. */
export interface BulkJobOffer {
  kind: ItemKindName;
  /** Every row matching the list's current filter (read afresh by the dry run). */
  all: JobSelection;
  permission: ActionPermission;
  /** Links the jobs started from this offer to this incident. */
  incidentId?: string;
}

/** The verb on the buttons, by what the rows are. */
const VERBS: Readonly<Record<ItemKindName, string>> = { message: 'Remediate', user: 'Verify' };
const PURPOSES: Readonly<Record<ItemKindName, string>> = { message: 'Bulk remediation', user: 'Bulk verification' };

/** The checkbox column of a table whose rows a bulk job can act on (ids from the table's getRowId). */
export function selectColumn<TData extends RowData>(): ColumnDef<ServerTableFeatures, TData, unknown> {
  return {
    id: 'select',
    meta: { label: 'Select', cellClassName: 'w-8' },
    enableHiding: false,
    header: ({ table }) => <input type="checkbox" aria-label="Select all on this page" checked={table.getIsAllPageRowsSelected()} onChange={() => table.toggleAllPageRowsSelected()} />,
    cell: ({ row }) => (
      <input type="checkbox" aria-label={`Select ${row.id}`} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />
    ),
  };
}

/**
 * "Act on the selected rows" and "act on all N matching", each opening the dry-run dialog; when
 * the role may not, both disabled with the reason beside them (RefusalNote). `selectedIds` are
 * the selected rows shown on screen.
 */
export function BulkJobToolbar({
  offer,
  selectedIds,
  total,
  children,
}: {
  offer: BulkJobOffer;
  selectedIds: string[];
  total: number;
  /** More controls for the selection (clear it, say where it is), after the "selected" button. */
  children?: React.ReactNode;
}) {
  const [dialog, setDialog] = useState<JobSelection | null>(null);
  const verb = VERBS[offer.kind];
  const purpose = PURPOSES[offer.kind];
  const allowed = offer.permission.allowed;
  const refusalId = `bulk-${offer.kind}-refused`;
  const describedBy = allowed ? undefined : refusalId;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={purpose}>
        <Button size="sm" variant="outline" disabled={!allowed || selectedIds.length === 0} aria-describedby={describedBy} onClick={() => setDialog({ kind: 'ids', ids: selectedIds })}>
          {verb} selected ({selectedIds.length})
        </Button>
        {children}
        <Button size="sm" disabled={!allowed || total === 0} aria-describedby={describedBy} onClick={() => setDialog(offer.all)}>
          {verb} all {total.toLocaleString('en-US')} matching
        </Button>
        {total > 0 ? null : <span className="text-sm text-muted-foreground">No {ITEM_NOUNS[offer.kind].many} match.</span>}
        <RefusalNote id={refusalId} permission={offer.permission} className="basis-full" />
      </div>
      {dialog ? <BulkRemediationDialog kind={offer.kind} selection={dialog} onClose={() => setDialog(null)} incidentId={offer.incidentId} /> : null}
    </>
  );
}
