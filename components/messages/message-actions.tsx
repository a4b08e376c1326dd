'use client';

import { useActionState, useState } from 'react';
import {
  createMessageMp3,
  recreateMessageWaveform,
  reprocessMessage,
  type MessageActionState,
  type MessageState,
} from '@/app/(console)/_actions/messages';
import { RefusalNote } from '@/components/refusal-note';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { MESSAGE_ACTIONS } from '@/lib/entities/record-actions';
import { statusWithRaw } from '@/lib/status-labels';
import { ActionFailure } from './action-failure';
import { SetStatusForm } from './set-status-form';

type Outcome = { label: string; result: ActionResult<MessageState> };

/** What the signed-in role may do with the message, computed on the server. */
export type MessagePermissions = Record<keyof typeof MESSAGE_ACTIONS, ActionPermission>;

type ButtonKey = 'reprocess' | 'createMp3' | 'recreateWaveform';

/**
 * The workbench's buttons, each a form running its server action on this message, so each
 * works before (and without) the page's scripts; then the outcome and the re-read message. A
 * button the role cannot use is disabled, with the reason beside it (RefusalNote).
 */
export function MessageActions({
  messageGuid,
  messageTitle,
  currentStatus,
  permissions,
}: {
  messageGuid: string;
  messageTitle: string;
  currentStatus: string;
  permissions: MessagePermissions;
}) {
  const [reprocessed, reprocess, reprocessing] = useActionState(reprocessMessage, null);
  const [mp3Created, createMp3, creatingMp3] = useActionState(createMessageMp3, null);
  const [waveformRecreated, recreateWaveform, recreatingWaveform] = useActionState(recreateMessageWaveform, null);
  // The outcome shown is the last button's: without scripts only the submitted one has a state.
  const [last, setLast] = useState<ButtonKey | null>(null);
  const buttons: {
    key: ButtonKey;
    label: string;
    running: string;
    variant: 'default' | 'secondary';
    state: MessageActionState;
    action: (form: FormData) => void;
    pending: boolean;
  }[] = [
    {
      key: 'reprocess',
      label: 'Reprocess',
      running: 'Reprocessing…',
      variant: 'default',
      state: reprocessed,
      action: reprocess,
      pending: reprocessing,
    },
    {
      key: 'createMp3',
      label: 'Create MP3',
      running: 'Creating MP3…',
      variant: 'secondary',
      state: mp3Created,
      action: createMp3,
      pending: creatingMp3,
    },
    {
      key: 'recreateWaveform',
      label: 'Recreate waveform',
      running: 'Recreating waveform…',
      variant: 'secondary',
      state: waveformRecreated,
      action: recreateWaveform,
      pending: recreatingWaveform,
    },
  ];
  const pending = buttons.some((button) => button.pending);
  const shown = buttons.find((button) => button.state && (last === null || button.key === last));
  const outcome: Outcome | null = shown?.state ? { label: shown.label, result: shown.state } : null;

  // The three buttons need the same role: one note says why they are disabled.
  const refused = buttons.map(({ key }) => permissions[key]).find((permission) => !permission.allowed) ?? {
    allowed: true as const,
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {buttons.map(({ key, label, running, variant, action, pending: busy }) => (
          <form key={key} action={action} onSubmit={() => setLast(key)}>
            <input type="hidden" name="messageGuid" value={messageGuid} />
            <Button
              type="submit"
              size="sm"
              variant={variant}
              disabled={pending || !permissions[key].allowed}
              aria-describedby={permissions[key].allowed ? undefined : 'message-actions-refused'}
            >
              {busy ? running : label}
            </Button>
          </form>
        ))}
        <RefusalNote id="message-actions-refused" permission={refused} className="basis-full" />
      </div>
      {outcome ? <OutcomeNotice outcome={outcome} /> : null}
      <SetStatusForm
        messageGuid={messageGuid}
        messageTitle={messageTitle}
        currentStatus={currentStatus}
        permission={permissions.setStatus}
      />
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
