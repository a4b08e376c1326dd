'use client';

import { useState } from 'react';
import { useSelection } from '@/components/data-table/row-selection';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import type { ActionPermission } from '@/lib/auth/roles';
import { ITEM_NOUNS, type ItemKindName, type JobSelection } from '@/lib/jobs/types';
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

/**
 * "Act on the selected rows" and "act on all N matching", each opening the dry-run dialog; when
 * the role may not, both disabled with the reason beside them (RefusalNote). The selection is the
 * SelectionScope's (TanStack's row selection): only the rows on this page (`pageIds`), or with `acrossPages` every row picked
 * in this view, saying how many are on other pages and offering to clear them.
 */
export function BulkJobToolbar({
  offer,
  total,
  pageIds,
  acrossPages = false,
}: {
  offer: BulkJobOffer;
  total: number;
  pageIds: readonly string[];
  acrossPages?: boolean;
}) {
  const selection = useSelection();
  const selectedIds = acrossPages ? [...selection.ids] : selection.ids.filter((id) => pageIds.includes(id));
  const onOtherPages = selectedIds.filter((id) => !pageIds.includes(id)).length;
  const [dialog, setDialog] = useState<JobSelection | null>(null);
  const verb = VERBS[offer.kind];
  const purpose = PURPOSES[offer.kind];
  const allowed = offer.permission.allowed;
  const refusalId = `bulk-${offer.kind}-refused`;
  const describedBy = allowed ? undefined : refusalId;
  if (pageIds.length === 0 && selectedIds.length === 0) return null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={purpose}>
        <Button
          size="sm"
          variant="outline"
          disabled={!allowed || selectedIds.length === 0}
          aria-describedby={describedBy}
          onClick={() => setDialog({ kind: 'ids', ids: selectedIds })}
        >
          {verb} selected ({selectedIds.length})
        </Button>
        {acrossPages && selectedIds.length > 0 ? (
          <>
            {onOtherPages > 0 ? (
              <span className="text-xs text-muted-foreground" data-testid="selected-elsewhere">
                {onOtherPages} of them on other pages
              </span>
            ) : null}
            <Button size="sm" variant="ghost" onClick={selection.clear}>
              Clear selection
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          disabled={!allowed || total === 0}
          aria-describedby={describedBy}
          onClick={() => setDialog(offer.all)}
        >
          {verb} all {total.toLocaleString('en-US')} matching
        </Button>
        {total > 0 ? null : (
          <span className="text-sm text-muted-foreground">No {ITEM_NOUNS[offer.kind].many} match.</span>
        )}
        <RefusalNote id={refusalId} permission={offer.permission} className="basis-full" />
      </div>
      {dialog ? (
        <BulkRemediationDialog
          kind={offer.kind}
          selection={dialog}
          onClose={() => setDialog(null)}
          incidentId={offer.incidentId}
        />
      ) : null}
    </>
  );
}
