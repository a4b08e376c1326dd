'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useState, useTransition } from 'react';
import { addIncidentNote, linkIncidentJob, setIncidentStatus } from '@/app/(console)/_actions/incidents';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError, ActionResult } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { IncidentStatus } from '@/lib/incidents/values';

/** Runs a command, says how it ended, and re-renders the page from the server on success. */
function useCommand() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const run = <T,>(call: () => Promise<ActionResult<T>>, success: string, after?: () => void) =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(call);
      announceActionResult(result, success);
      if (result.ok) {
        after?.();
        router.refresh();
      } else setError(result.error);
    });
  return { pending, error, run };
}

const NEXT_STEPS: Record<IncidentStatus, { status: IncidentStatus; label: string }[]> = {
  open: [
    { status: 'mitigated', label: 'Mark mitigated' },
    { status: 'resolved', label: 'Mark resolved' },
  ],
  mitigated: [
    { status: 'resolved', label: 'Mark resolved' },
    { status: 'open', label: 'Reopen' },
  ],
  resolved: [{ status: 'open', label: 'Reopen' }],
};

/** One form whose buttons each send their status: it works before (and without) the page's scripts. */
export function IncidentStatusControls({
  incidentId,
  status,
  permission,
}: {
  incidentId: string;
  status: IncidentStatus;
  permission: ActionPermission;
}) {
  const [state, submit, pending] = useActionState(setIncidentStatus, null);
  return (
    <form action={submit} className="space-y-2 print:hidden">
      <input type="hidden" name="incidentId" value={incidentId} />
      {NEXT_STEPS[status].some((step) => step.status === 'resolved') ? (
        <div className="max-w-2xl space-y-1">
          <Label htmlFor="incident-resolution">
            Resolution summary (needed to resolve: how it ended, for the timeline and the report)
          </Label>
          <textarea
            id="incident-resolution"
            name="summary"
            maxLength={2000}
            rows={2}
            disabled={!permission.allowed}
            className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs dark:bg-input/30"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Incident status">
        {NEXT_STEPS[status].map((step) => (
          <Button
            key={step.status}
            type="submit"
            name="status"
            value={step.status}
            size="sm"
            variant={step.status === 'open' ? 'outline' : 'default'}
            disabled={pending || !permission.allowed}
            title={permission.allowed ? undefined : permission.reason}
          >
            {step.label}
          </Button>
        ))}
        {permission.allowed ? null : <span className="text-sm text-muted-foreground">{permission.reason}</span>}
      </div>
      {state?.ok ? (
        <p role="status" className="sr-only">
          Incident {state.data.status}
        </p>
      ) : null}
      <ActionErrorAlert error={state && !state.ok ? state.error : null} testId="incident-action-error" />
    </form>
  );
}

export function IncidentNoteForm({ incidentId, permission }: { incidentId: string; permission: ActionPermission }) {
  const { pending, error, run } = useCommand();
  const [body, setBody] = useState('');
  return (
    <form
      className="space-y-2 print:hidden"
      aria-label="Add a note"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => addIncidentNote({ incidentId, body }),
          'Note added',
          () => setBody(''),
        );
      }}
    >
      <Label htmlFor="incident-note">New note (notes cannot be edited later; add a correction as a new note)</Label>
      <textarea
        id="incident-note"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={5000}
        rows={3}
        className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs dark:bg-input/30"
      />
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          size="sm"
          disabled={pending || !permission.allowed || body.trim() === ''}
          title={permission.allowed ? undefined : permission.reason}
        >
          {pending ? 'Adding…' : 'Add note'}
        </Button>
        {permission.allowed ? null : <span className="text-sm text-muted-foreground">{permission.reason}</span>}
      </div>
      <ActionErrorAlert error={error} testId="incident-action-error" />
    </form>
  );
}

/** Links a job started elsewhere (the jobs list, another incident) to this incident. */
export function LinkJobForm({ incidentId, permission }: { incidentId: string; permission: ActionPermission }) {
  const { pending, error, run } = useCommand();
  const [jobId, setJobId] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-2 print:hidden"
      aria-label="Link a bulk job"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => linkIncidentJob({ incidentId, jobId }),
          'Job linked',
          () => setJobId(''),
        );
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="incident-link-job">Link an existing job (its id)</Label>
        <Input
          id="incident-link-job"
          value={jobId}
          onChange={(event) => setJobId(event.target.value)}
          text="code"
          className="w-96"
          autoComplete="off"
        />
      </div>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={pending || !permission.allowed || jobId.trim() === ''}
        title={permission.allowed ? undefined : permission.reason}
      >
        Link job
      </Button>
      <ActionErrorAlert error={error} testId="incident-action-error" />
    </form>
  );
}
