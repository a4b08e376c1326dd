'use client';

import { useId, useState, useTransition } from 'react';
import { deleteView, renameView, shareView, unshareView, type ViewResult } from '@/app/(console)/_actions/views';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert, ConfirmDialog } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { ActionError } from '@/lib/actions/guard/define';
import { ViewNameInput } from './view-name-input';

/** What the signed-in operator may do to one view (lib/views/store.ts viewChanges). */
export interface ViewRowChanges {
  rename: boolean;
  delete: boolean;
  share: boolean;
  unshare: boolean;
}

/** Rename, share or make private, and delete one saved view, each as the operator may. */
export function ViewRowActions({ view, changes }: { view: { id: string; name: string }; changes: ViewRowChanges }) {
  const ids = useId();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (call: () => Promise<ViewResult>, success: (result: { name: string }) => string, close: () => void) =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(call);
      announceActionResult(result, result.ok ? success(result.data) : 'The view was not changed');
      if (result.ok) close();
      else setError(result.error);
    });

  if (!changes.rename && !changes.delete && !changes.share && !changes.unshare)
    return <span className="text-xs text-muted-foreground">Shared by its owner</span>;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {changes.rename ? (
        <DialogFrame
          open={renaming}
          pending={pending}
          onOpenChange={(next) => {
            if (next) {
              setName(view.name);
              setError(null);
            }
            setRenaming(next);
          }}
          trigger={
            <Button type="button" variant="ghost" size="sm" aria-label={`Rename ${view.name}`}>
              Rename
            </Button>
          }
          title={`Rename “${view.name}”`}
          description="The view keeps its filters, order and columns; only its name changes."
          actions={
            <Button type="submit" form={`${ids}-rename`} disabled={pending}>
              {pending ? 'Renaming…' : 'Rename'}
            </Button>
          }
        >
          <form
            id={`${ids}-rename`}
            noValidate
            className="space-y-1.5"
            onSubmit={(event) => {
              event.preventDefault();
              run(
                () => renameView({ viewId: view.id, name }),
                (renamed) => `Renamed to “${renamed.name}”`,
                () => setRenaming(false),
              );
            }}
          >
            <Label htmlFor={`${ids}-name`}>New name</Label>
            <ViewNameInput id={`${ids}-name`} value={name} onChange={setName} />
          </form>
          <ActionErrorAlert error={error} testId="rename-view-error" />
        </DialogFrame>
      ) : null}
      {changes.share ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-label={`Share ${view.name} with the team`}
          onClick={() =>
            run(
              () => shareView(view.id),
              (shared) => `“${shared.name}” is shared with the team`,
              () => undefined,
            )
          }
        >
          Share
        </Button>
      ) : null}
      {changes.unshare ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-label={`Make ${view.name} private`}
          onClick={() =>
            run(
              () => unshareView(view.id),
              (kept) => `“${kept.name}” is private to its owner again`,
              () => undefined,
            )
          }
        >
          Make private
        </Button>
      ) : null}
      {changes.delete ? (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          pending={pending}
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Delete ${view.name}`}>
              Delete
            </Button>
          }
          title={`Delete “${view.name}”?`}
          description="The view is removed for everyone who sees it. The table itself is not changed."
          confirmLabel="Delete view"
          pendingLabel="Deleting…"
          destructive
          onConfirm={() =>
            run(
              () => deleteView(view.id),
              (deleted) => `Deleted “${deleted.name}”`,
              () => setDeleting(false),
            )
          }
        />
      ) : null}
      {renaming ? null : <ActionErrorAlert error={error} testId="view-action-error" />}
    </div>
  );
}
