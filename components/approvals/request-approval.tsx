'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { requestApproval } from '@/app/(console)/_actions/approvals';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError, ActionResult } from '@/lib/actions/guard/define';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { approvalHref } from '@/lib/approvals/nav';

interface RequestApprovalProps {
  /** The covered action's name, e.g. `user.merge`. */
  action: string;
  /** Its input, exactly as the action takes it (the approval is bound to these values). */
  params: Record<string, unknown>;
  gate: ApprovalGate;
  /** Why the input is not complete yet (e.g. the confirmation is not typed). */
  incompleteReason?: string | null;
  /** Runs the action now with the typed reason: the covered action's own break-glass server action, bound to these params. */
  breakGlass: (reason: string) => Promise<ActionResult<{ resultHref: string | null }>>;
  /** Where to go after a break-glass run when the action names no page of its own. */
  fallbackHref?: string;
}

/**
 * Where a covered action is confirmed: the operator asks a second operator to approve these
 * exact parameters, with a reason; or, in an incident, runs it now (break-glass) with a typed
 * reason, which the approvals page then shows for review.
 */
export function RequestApproval({
  action,
  params,
  gate,
  breakGlass,
  incompleteReason = null,
  fallbackHref = '/approvals',
}: RequestApprovalProps) {
  const router = useRouter();
  const ids = useId();
  const [reason, setReason] = useState('');
  const [breakGlassOpen, setBreakGlassOpen] = useState(false);
  const [breakGlassReason, setBreakGlassReason] = useState('');
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const blocked = gate.deniedReason ?? incompleteReason;

  const request = () =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(() => requestApproval({ action, params, reason }));
      if (result.ok) router.push(approvalHref(result.data.requestId));
      else setError(result.error);
    });

  const runNow = () =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(() => breakGlass(breakGlassReason));
      if (result.ok) router.push(result.data.resultHref ?? fallbackHref);
      else setError(result.error);
    });

  return (
    <div className="space-y-3 rounded-md border p-4" data-testid="request-approval">
      <p className="text-sm font-medium">This needs a second operator&apos;s approval.</p>
      <p className="text-sm text-muted-foreground">
        {gate.reason} Another ops operator sees this preview, recomputed, and approves or rejects it; on approval it
        runs at once.
      </p>
      <div className="space-y-1">
        <Label htmlFor={`${ids}-reason`}>Reason (incident or ticket reference)</Label>
        <Input
          id={`${ids}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={Boolean(blocked) || pending}
          maxLength={1000}
          className="w-full max-w-xl"
        />
      </div>
      <ActionErrorAlert error={error} />
      {error?.fieldErrors ? (
        <p className="text-sm text-destructive">{Object.values(error.fieldErrors).flat().join(' ')}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={request} disabled={Boolean(blocked) || pending || reason.trim().length < 3}>
          {pending && !breakGlassOpen ? 'Requesting…' : 'Request approval'}
        </Button>
        {blocked ? <span className="text-xs text-muted-foreground">{blocked}</span> : null}
        <Button
          type="button"
          variant="outline"
          aria-expanded={breakGlassOpen}
          aria-controls={`${ids}-break-glass`}
          onClick={() => setBreakGlassOpen((open) => !open)}
          disabled={Boolean(gate.breakGlassDeniedReason) || Boolean(incompleteReason)}
        >
          Break glass…
        </Button>
        {gate.breakGlassDeniedReason ? (
          <span className="text-xs text-muted-foreground">{gate.breakGlassDeniedReason}</span>
        ) : null}
      </div>
      {breakGlassOpen ? (
        <div
          id={`${ids}-break-glass`}
          className="space-y-2 rounded-md border border-destructive/50 p-3"
          data-testid="break-glass"
        >
          <p className="text-sm">
            Runs now without approval. It is marked break-glass in the audit log and on the approvals page, where
            another operator reviews it afterwards.
          </p>
          <Label htmlFor={`${ids}-break-glass-reason`}>Why this cannot wait (at least 10 characters)</Label>
          <Input
            id={`${ids}-break-glass-reason`}
            value={breakGlassReason}
            onChange={(event) => setBreakGlassReason(event.target.value)}
            disabled={pending}
            maxLength={1000}
            className="w-full max-w-xl"
          />
          <Button
            type="button"
            variant="destructive"
            onClick={runNow}
            disabled={pending || breakGlassReason.trim().length < 10}
          >
            {pending ? 'Running…' : 'Run now (break-glass)'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
