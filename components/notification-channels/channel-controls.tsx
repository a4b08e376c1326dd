'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { deleteNotificationChannel, sendTestNotification } from '@/app/(console)/_actions/notifications';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import type { ActionError } from '@/lib/actions/guard/define';
import type { TestMessageOutcome } from '@/lib/actions/notifications';
import type { ActionPermission } from '@/lib/auth/roles';
import { CHANNELS_HREF } from '@/lib/notifications/paths';

/** "Send a test message" (through the deliverer, showing the first attempt's outcome) and "Delete channel". */
export function ChannelControls({ channelId, permission }: { channelId: string; permission: ActionPermission }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [outcome, setOutcome] = useState<TestMessageOutcome | null>(null);

  const sendTest = () =>
    startTransition(async () => {
      setError(null);
      setOutcome(null);
      const result = await callAction(() => sendTestNotification({ channelId }));
      if (result.ok) setOutcome(result.data);
      else setError(result.error);
    });

  const remove = () =>
    startTransition(async () => {
      if (!window.confirm('Delete this channel and its delivery history?')) return;
      setError(null);
      const result = await callAction(() => deleteNotificationChannel({ channelId }));
      if (result.ok) router.push(CHANNELS_HREF);
      else setError(result.error);
    });

  const blocked = pending || !permission.allowed;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={sendTest}
          disabled={blocked}
          title={permission.allowed ? undefined : permission.reason}
        >
          {pending ? 'Working…' : 'Send a test message'}
        </Button>
        <Button
          type="button"
          variant="destructive"
          onClick={remove}
          disabled={blocked}
          title={permission.allowed ? undefined : permission.reason}
        >
          Delete channel
        </Button>
      </div>
      {outcome ? (
        <p role="status" data-testid="test-outcome" data-ok={String(outcome.ok)} className="text-sm">
          Test message:{' '}
          {outcome.ok === null
            ? outcome.outcome
            : outcome.ok
              ? `delivered (${outcome.outcome})`
              : `failed (${outcome.outcome})`}
        </p>
      ) : null}
      <ActionErrorAlert error={error} testId="channel-controls-error" />
    </div>
  );
}
