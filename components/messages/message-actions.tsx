'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { createMessageMp3, recreateMessageWaveform, reprocessMessage, type MessageState } from '@/app/(console)/_actions/messages';
import { callAction } from '@/components/action-feedback';
import { RefusalNote } from '@/components/refusal-note';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/actions/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { MESSAGE_ACTIONS } from '@/lib/entities/registry';
import { statusWithRaw } from '@/lib/status-labels';
import { ActionFailure } from './action-failure';
import { SetStatusForm } from './set-status-form';

type Outcome = { label: string; result: ActionResult<MessageState> };

/** What the signed-in role may do with the message, computed on the server. */
export type MessagePermissions = Record<keyof typeof MESSAGE_ACTIONS, ActionPermission>;

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
 * message. A button the role cannot use is disabled, with the reason beside it (RefusalNote).
 */
export function MessageActions({ messageGuid, messageTitle, currentStatus, permissions }: { messageGuid: string; messageTitle: string; currentStatus: string; permissions: MessagePermissions }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

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

  // The three buttons need the same role: one note says why they are disabled.
  const refused = BUTTONS.map(({ key }) => permissions[key]).find((permission) => !permission.allowed) ?? { allowed: true as const };

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
        <RefusalNote id="message-actions-refused" permission={refused} className="basis-full" />
      </div>
      {outcome ? <OutcomeNotice outcome={outcome} /> : null}
      <SetStatusForm messageGuid={messageGuid} messageTitle={messageTitle} currentStatus={currentStatus} permission={permissions.setStatus} />
    </div>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const { label, result } = outcome;
  if (!result.ok) return <ActionFailure label={label} error={result.error} />;
  return (
    <Alert data-testid="action-outcome">
      <AlertDescription>
        <p>
          {result.data
            ? `${label} done: the service now reports the message as ${statusWithRaw(result.data.status)}.`
            : `${label} done: the service did not return the message, so the page below shows it as read back.`}
        </p>
        {result.requestId ? <p className="text-xs">Request id {result.requestId}</p> : null}
        {result.warning ? <p className="text-xs">{result.warning}</p> : null}
      </AlertDescription>
    </Alert>
  );
}
