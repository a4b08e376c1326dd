'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { revertMessageStatus, setMessageStatus, type StatusChangeState } from '@/app/(console)/_actions/messages';
import { callAction } from '@/components/action-feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionResult } from '@/lib/actions/guard/define';
import { CONFIRMED_STATUSES } from '@/lib/actions/messages/status-targets';
import type { ActionPermission } from '@/lib/auth/roles';
import { statusLabel, statusWithRaw } from '@/lib/status-labels';
import { KNOWN_MESSAGE_STATUSES } from '@/lib/upstream/contract/constants';
import { ActionFailure } from './action-failure';

const OTHER = '__other__';

/** A change to send: a new status, or setting back one this form made (`from`: the status it set). */
type Change = { status: string; from?: string };
type Outcome = { change: Change; result: ActionResult<StatusChangeState> };

interface SetStatusFormProps {
  messageGuid: string;
  /** The message's name, as the confirmation names it. */
  messageTitle: string;
  currentStatus: string;
  permission: ActionPermission;
}

/**
 * Sets the message's status. A target that hides the message or cannot be resumed asks first,
 * naming the message and the change; the result says what the status was and offers to set it
 * back (its own audited action, refused if the status moved on meanwhile).
 */
export function SetStatusForm({ messageGuid, messageTitle, currentStatus, permission }: SetStatusFormProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<string>(
    KNOWN_MESSAGE_STATUSES.includes(currentStatus as never) ? currentStatus : OTHER,
  );
  const [customStatus, setCustomStatus] = useState('');
  const [acceptUnknown, setAcceptUnknown] = useState(false);
  const [confirming, setConfirming] = useState<Change | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = (change: Change) => {
    startTransition(async () => {
      const result = await callAction(() =>
        change.from === undefined
          ? setMessageStatus({ messageGuid, status: change.status })
          : revertMessageStatus({ messageGuid, status: change.status, from: change.from }),
      );
      setOutcome({ change, result });
      setConfirming(null);
      // Read the message back from the service, whatever the outcome.
      router.refresh();
    });
  };
  const request = (change: Change) =>
    CONFIRMED_STATUSES.includes(change.status) ? setConfirming(change) : send(change);

  const chosenStatus = status === OTHER ? customStatus.trim() : status;
  const unknownStatus = status === OTHER;
  const canSetStatus = permission.allowed && chosenStatus !== '' && (!unknownStatus || acceptUnknown);

  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Set status"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSetStatus) request({ status: chosenStatus });
        }}
      >
        <div className="space-y-1">
          <Label htmlFor="set-status">New status</Label>
          <NativeSelect
            id="set-status"
            value={status}
            disabled={!permission.allowed}
            onChange={(event) => setStatus(event.target.value)}
            className="w-full"
          >
            {KNOWN_MESSAGE_STATUSES.map((known) => (
              <option key={known} value={known}>
                {statusWithRaw(known)}
              </option>
            ))}
            <option value={OTHER}>other…</option>
          </NativeSelect>
        </div>
        {unknownStatus ? (
          <div className="space-y-1">
            <Label htmlFor="custom-status">Other status</Label>
            <Input
              id="custom-status"
              value={customStatus}
              maxLength={40}
              onChange={(event) => setCustomStatus(event.target.value)}
              className="w-full"
            />
          </div>
        ) : null}
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={pending || !canSetStatus}
          aria-describedby={permission.allowed ? undefined : 'set-status-refused'}
        >
          {pending && !confirming ? 'Setting status…' : 'Set status'}
        </Button>
        <RefusalNote id="set-status-refused" permission={permission} className="basis-full" />
        {unknownStatus ? (
          <label className="flex basis-full items-start gap-2 text-sm text-warning-foreground">
            <input
              type="checkbox"
              checked={acceptUnknown}
              onChange={(event) => setAcceptUnknown(event.target.checked)}
            />
            <span className="text-foreground">
              This status is not one the console knows. The service accepts any string, and clients may not understand
              it. Set it anyway.
            </span>
          </label>
        ) : null}
      </form>
      {outcome ? (
        <StatusOutcome outcome={outcome} pending={pending} canUndo={permission.allowed} onSetBack={request} />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        pending={pending}
        destructive
        title={`Set “${messageTitle}” to ${statusLabel(confirming?.status ?? '')}?`}
        description={
          <>
            The message “{messageTitle}” ({messageGuid}) goes from {statusWithRaw(currentStatus)} to{' '}
            {statusWithRaw(confirming?.status ?? '')}. Clients stop showing or resuming it; you can set it back from
            this page afterwards.
          </>
        }
        confirmLabel={`Set to ${statusLabel(confirming?.status ?? '')}`}
        pendingLabel="Setting status…"
        onConfirm={() => (confirming ? send(confirming) : undefined)}
      />
    </div>
  );
}

function StatusOutcome({
  outcome,
  pending,
  canUndo,
  onSetBack,
}: {
  outcome: Outcome;
  pending: boolean;
  canUndo: boolean;
  onSetBack: (change: Change) => void;
}) {
  const { change, result } = outcome;
  const verb = change.from === undefined ? 'Set status' : 'Set back';
  if (!result.ok) return <ActionFailure label={verb} error={result.error} />;
  const { previousStatus, status } = result.data;
  const now = status ?? change.status;
  return (
    <Alert data-testid="status-outcome">
      <AlertDescription row className="flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          {change.from === undefined ? 'Status set' : 'Status set back'}: the message was{' '}
          {statusWithRaw(previousStatus)} and is now {statusWithRaw(now)}
          {status === null ? ' (the service did not return the message; the page shows it as read back)' : ''}.
        </span>
        {change.from === undefined && previousStatus !== now ? (
          <Button
            size="sm"
            variant="outline"
            disabled={pending || !canUndo}
            onClick={() => onSetBack({ status: previousStatus, from: now })}
          >
            Set it back to {statusLabel(previousStatus)}
          </Button>
        ) : null}
        {result.requestId ? (
          <span className="basis-full text-xs text-muted-foreground">Request id {result.requestId}</span>
        ) : null}
        {result.warning ? <span className="basis-full text-xs">{result.warning}</span> : null}
      </AlertDescription>
    </Alert>
  );
}
