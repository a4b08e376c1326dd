'use client';

import { useId, useState, useTransition } from 'react';
import { saveSharedView, saveView } from '@/app/(console)/_actions/views';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import { MAX_VIEW_NAME } from '@/lib/views/values';
import { ViewNameInput } from './view-name-input';

/** Names the page's URL as a view: private, or (ops) shared with the team. */
export function SaveViewDialog({
  open,
  onOpenChange,
  href,
  sharing,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  href: string;
  sharing: ActionPermission;
  onSaved: (name: string) => void;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem('Give the view a name.');
      return;
    }
    setProblem(null);
    startTransition(async () => {
      const input = { name: trimmed, href };
      const result = await callAction(() => (shared ? saveSharedView(input) : saveView(input)));
      if (!result.ok) {
        setProblem(result.error.fieldErrors?.name?.join(', ') ?? null);
        setError(result.error);
        return;
      }
      announceActionResult(result, `View “${result.data.name}” saved`);
      onSaved(result.data.name);
      setName('');
      setShared(false);
      onOpenChange(false);
    });
  };

  return (
    <DialogFrame
      open={open}
      pending={pending}
      onOpenChange={(next) => {
        if (next) setError(null);
        onOpenChange(next);
      }}
      title="Save this view"
      description="Saves this table's filters, order and columns as they are now, by name. It is listed in the sidebar and on the views page."
      actions={
        <Button type="submit" form={`${ids}-form`} disabled={pending}>
          {pending ? 'Saving…' : 'Save view'}
        </Button>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-4" aria-label="Save this view">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-name`}>Name</Label>
          <ViewNameInput
            id={`${ids}-name`}
            value={name}
            onChange={setName}
            problem={problem}
            describedBy={`${ids}-name-help`}
          />
          <p id={`${ids}-name-help`} className="text-xs text-muted-foreground">
            {problem ? (
              <span className="text-destructive">{problem}</span>
            ) : (
              `Up to ${MAX_VIEW_NAME} characters, like “Processing over an hour”.`
            )}
          </p>
        </div>
        {sharing.allowed ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
            Share with the team (everyone sees it; ops can rename or delete it)
          </label>
        ) : (
          <p className="text-xs text-muted-foreground">
            Only you will see this view. Sharing with the team {sharing.reason.charAt(0).toLowerCase()}
            {sharing.reason.slice(1)}
          </p>
        )}
      </form>
      <ActionErrorAlert error={error} testId="save-view-error" />
    </DialogFrame>
  );
}
