'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  createMessageMp3,
  recreateMessageWaveform,
  reprocessMessage,
  setMessageStatus,
  type MessageState,
} from '@/app/(console)/_actions/messages';
import { callAction } from '@/components/action-feedback';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionResult } from '@/lib/actions/define';
import type { ActionPermission } from '@/lib/auth/permissions';
import type { MESSAGE_ACTIONS } from '@/lib/entities/registry';
import { KNOWN_MESSAGE_STATUSES } from '@/lib/upstream/contract';

type Outcome = { label: string; result: ActionResult<MessageState> };

const OTHER = '__other__';

/** What the signed-in role may do with the message, computed on the server. */
export type MessagePermissions = Record<keyof typeof MESSAGE_ACTIONS, ActionPermission>;

const reasonOf = (permission: ActionPermission) => (permission.allowed ? null : permission.reason);

/** The one-click actions, in the order they are offered. */
const BUTTONS = [
  { key: 'reprocess', label: 'Reprocess', running: 'Reprocessing…', variant: 'default', action: reprocessMessage },
  { key: 'createMp3', label: 'Create MP3', running: 'Creating MP3…', variant: 'secondary', action: createMessageMp3 },
  { key: 'recreateWaveform', label: 'Recreate waveform', running: 'Recreating waveform…', variant: 'secondary', action: recreateMessageWaveform },
] as const satisfies readonly {
  key: keyof MessagePermissions;
  label: string;
  running: string;
  variant: 'default' | 'secondary';
  action: (input: { messageGuid: string }) => Promise<ActionResult<MessageState>>;
}[];

/**
 * The workbench's buttons: each shows its pending state, then the outcome and the re-read
 * message. A button the role cannot use is disabled, with the reason beside it.
 */
export function MessageActions({ messageGuid, currentStatus, permissions }: { messageGuid: string; currentStatus: string; permissions: MessagePermissions }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState<string>(KNOWN_MESSAGE_STATUSES.includes(currentStatus as never) ? currentStatus : OTHER);
  const [customStatus, setCustomStatus] = useState('');
  const [acceptUnknown, setAcceptUnknown] = useState(false);

  const perform = (label: string, action: () => Promise<ActionResult<MessageState>>) => {
    setRunning(label);
    startTransition(async () => {
      const result = await callAction(action);
      setOutcome({ label, result });
      setRunning(null);
      // Read the message back from the service, whatever the outcome.
      router.refresh();
    });
  };

  const chosenStatus = status === OTHER ? customStatus.trim() : status;
  const unknownStatus = status === OTHER;
  const canSetStatus = permissions.setStatus.allowed && chosenStatus !== '' && (!unknownStatus || acceptUnknown);
  const buttonsRefused = BUTTONS.map(({ key }) => reasonOf(permissions[key])).find((reason) => reason !== null) ?? null;
  const setStatusRefused = reasonOf(permissions.setStatus);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {BUTTONS.map(({ key, label, running: runningLabel, variant, action }) => (
          <Button
            key={key}
            size="sm"
            variant={variant}
            disabled={pending || !permissions[key].allowed}
            aria-describedby={permissions[key].allowed ? undefined : 'message-actions-refused'}
            onClick={() => perform(label, () => action({ messageGuid }))}
          >
            {running === label ? runningLabel : label}
          </Button>
        ))}
        {buttonsRefused ? <p id="message-actions-refused" className="basis-full text-sm text-muted-foreground">{buttonsRefused}</p> : null}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Set status"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSetStatus) perform('Set status', () => setMessageStatus({ messageGuid, status: chosenStatus }));
        }}
      >
        <div className="space-y-1">
          <Label htmlFor="set-status">New status</Label>
          <NativeSelect id="set-status" value={status} disabled={!permissions.setStatus.allowed} onChange={(event) => setStatus(event.target.value)}>
            {KNOWN_MESSAGE_STATUSES.map((known) => (
              <option key={known} value={known}>{known}</option>
            ))}
            <option value={OTHER}>other…</option>
          </NativeSelect>
        </div>
        {unknownStatus ? (
          <div className="space-y-1">
            <Label htmlFor="custom-status">Other status</Label>
            <Input id="custom-status" value={customStatus} maxLength={40} onChange={(event) => setCustomStatus(event.target.value)} />
          </div>
        ) : null}
        <Button type="submit" size="sm" variant="outline" disabled={pending || !canSetStatus} aria-describedby={setStatusRefused ? 'set-status-refused' : undefined}>
          {running === 'Set status' ? 'Setting status…' : 'Set status'}
        </Button>
        {setStatusRefused ? <p id="set-status-refused" className="basis-full text-sm text-muted-foreground">{setStatusRefused}</p> : null}
        {unknownStatus ? (
          <label className="flex basis-full items-start gap-2 text-sm text-warning-foreground">
            <input type="checkbox" checked={acceptUnknown} onChange={(event) => setAcceptUnknown(event.target.checked)} />
            <span className="text-foreground">
              This status is not one the console knows. The service accepts any string, and clients may not
              understand it. Set it anyway.
            </span>
          </label>
        ) : null}
      </form>
      {outcome ? <OutcomeNotice outcome={outcome} /> : null}
    </div>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const { label, result } = outcome;
  if (result.ok) {
    return (
      <Alert data-testid="action-outcome">
        <AlertTitle>{label}: done</AlertTitle>
        <AlertDescription>
          {result.data ? (
            <>
              The service now reports status <strong>{result.data.status}</strong>.
            </>
          ) : (
            'The service did not return the message; the page below shows it as read back.'
          )}
          {result.requestId ? <span className="block text-xs">Request id {result.requestId}</span> : null}
        </AlertDescription>
      </Alert>
    );
  }
  const { error } = result;
  return (
    <Alert variant="destructive" data-testid="action-outcome">
      <AlertTitle>{label} failed</AlertTitle>
      <AlertDescription className="space-y-1">
        <p>{error.message}</p>
        {error.failure ? <p>{error.failure.guidance}</p> : null}
        {error.failure?.requestId ? <p className="text-xs">Request id {error.failure.requestId}</p> : null}
        {error.fieldErrors ? <p>{Object.values(error.fieldErrors).flat().join('; ')}</p> : null}
      </AlertDescription>
    </Alert>
  );
}
