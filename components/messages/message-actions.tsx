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
import { callAction } from '@/components/actions/action-feedback';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionResult } from '@/lib/actions/define';
import { roleAllows, type ConsoleRole } from '@/lib/auth/roles';
import { KNOWN_MESSAGE_STATUSES } from '@/lib/upstream/contract';

type Outcome = { label: string; result: ActionResult<MessageState> };

const OTHER = '__other__';

/** The workbench's buttons: each shows its pending state, then the outcome and the re-read message. */
export function MessageActions({ messageGuid, currentStatus, role }: { messageGuid: string; currentStatus: string; role: ConsoleRole }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState<string>(KNOWN_MESSAGE_STATUSES.includes(currentStatus as never) ? currentStatus : OTHER);
  const [customStatus, setCustomStatus] = useState('');
  const [acceptUnknown, setAcceptUnknown] = useState(false);

  if (!roleAllows(role, 'support')) {
    return <p className="text-sm text-muted-foreground">Your role ({role}) can look but not change messages.</p>;
  }

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
  const canSetStatus = chosenStatus !== '' && (!unknownStatus || acceptUnknown);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pending} onClick={() => perform('Reprocess', () => reprocessMessage({ messageGuid }))}>
          {running === 'Reprocess' ? 'Reprocessing…' : 'Reprocess'}
        </Button>
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => perform('Create MP3', () => createMessageMp3({ messageGuid }))}>
          {running === 'Create MP3' ? 'Creating MP3…' : 'Create MP3'}
        </Button>
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => perform('Recreate waveform', () => recreateMessageWaveform({ messageGuid }))}>
          {running === 'Recreate waveform' ? 'Recreating waveform…' : 'Recreate waveform'}
        </Button>
      </div>
      {roleAllows(role, 'ops') ? (
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
            <NativeSelect id="set-status" value={status} onChange={(event) => setStatus(event.target.value)}>
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
          <Button type="submit" size="sm" variant="outline" disabled={pending || !canSetStatus}>
            {running === 'Set status' ? 'Setting status…' : 'Set status'}
          </Button>
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
      ) : null}
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
