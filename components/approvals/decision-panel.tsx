'use client';

import { Link } from '@/components/link';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { approveAndRun, cancelApproval, rejectApproval, reviewBreakGlassRun } from '@/app/(console)/_actions/approvals';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError, ActionResult } from '@/lib/actions/guard/define';

/** What this operator may do with the request, decided on the server. */
export interface DecisionOptions {
  /** Approve or reject: why not, when not (own request, role, not pending). */
  decideDeniedReason: string | null;
  canCancel: boolean;
  /** Review a break-glass run after the fact: why not, when not; null hides the control. */
  review: { deniedReason: string | null } | null;
  /** What approving runs, as its button says it. */
  label: string;
}

/** Approve (runs the action at once), reject with a comment, cancel (requester), or review a break-glass run. */
export function DecisionPanel({ requestId, options }: { requestId: string; options: DecisionOptions }) {
  const router = useRouter();
  const ids = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<ActionError | null>(null);
  const [outcome, setOutcome] = useState<{ href: string | null; error: ActionError | null } | null>(null);
  const [pending, startTransition] = useTransition();

  const act = <T,>(call: () => Promise<ActionResult<T>>, after?: (data: T) => void) =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(call);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      after?.(result.data);
      router.refresh();
    });

  const approve = () =>
    act(
      () => approveAndRun({ requestId, comment }),
      (run) => setOutcome({ href: run.resultHref, error: run.executionError }),
    );
  const reject = () => act(() => rejectApproval({ requestId, comment }));
  const cancel = () => act(() => cancelApproval({ requestId }));
  const review = () => act(() => reviewBreakGlassRun({ requestId, comment }));
  const decidable = options.decideDeniedReason === null;
  const reviewable = options.review !== null && options.review.deniedReason === null;

  return (
    <div className="space-y-3 rounded-md border p-4" data-testid="decision-panel">
      {decidable || reviewable ? (
        <div className="space-y-1">
          <Label htmlFor={`${ids}-comment`}>Comment</Label>
          <Input
            id={`${ids}-comment`}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={pending}
            maxLength={2000}
            className="w-full max-w-xl"
          />
        </div>
      ) : null}
      <ActionErrorAlert error={error} />
      {outcome?.error ? (
        <div data-testid="execution-failed">
          <ActionErrorAlert error={outcome.error} />
        </div>
      ) : null}
      {outcome?.href ? (
        <p className="text-sm" data-testid="execution-result">
          Approved and run.{' '}
          <Link href={outcome.href} className="underline">
            See the result
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {options.review === null ? (
          <>
            <Button type="button" onClick={approve} disabled={!decidable || pending}>
              {pending ? 'Working…' : `Approve and ${options.label.toLowerCase()}`}
            </Button>
            <Button type="button" variant="outline" onClick={reject} disabled={!decidable || pending}>
              Reject
            </Button>
            {options.decideDeniedReason ? (
              <span className="text-xs text-muted-foreground">{options.decideDeniedReason}</span>
            ) : null}
            {options.canCancel ? (
              <Button type="button" variant="ghost" onClick={cancel} disabled={pending}>
                Cancel request
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <Button type="button" onClick={review} disabled={!reviewable || pending}>
              Mark break-glass run reviewed
            </Button>
            {options.review.deniedReason ? (
              <span className="text-xs text-muted-foreground">{options.review.deniedReason}</span>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
