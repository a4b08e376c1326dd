'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  acknowledgeWatchRule,
  deleteWatchRule,
  endWatchSilence,
  setWatchRuleEnabled,
  silenceWatchRule,
} from '@/app/(console)/_actions/watch';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError, ActionResult } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import { RULES_HREF } from '@/lib/watch/paths';

/** Runs a command, says how it ended, and re-renders the page from the server (or goes to `then`). */
function useCommand() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const run = <T,>(call: () => Promise<ActionResult<T>>, success: string, then?: string) =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(call);
      announceActionResult(result, success);
      if (!result.ok) setError(result.error);
      else if (then) router.push(then);
      else router.refresh();
    });
  return { pending, error, run };
}

const why = (permission: ActionPermission) => (permission.allowed ? undefined : permission.reason);

/** Acknowledge (while firing), disable or enable, and delete. */
export function RuleCommands({
  ruleId,
  ruleName,
  firing,
  acknowledged,
  enabled,
  permission,
}: {
  ruleId: string;
  ruleName: string;
  firing: boolean;
  acknowledged: boolean;
  enabled: boolean;
  permission: ActionPermission;
}) {
  const { pending, error, run } = useCommand();
  const disabled = pending || !permission.allowed;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Rule commands">
        {firing && !acknowledged ? (
          <Button
            size="sm"
            disabled={disabled}
            title={why(permission)}
            onClick={() => run(() => acknowledgeWatchRule({ ruleId }), 'Acknowledged')}
          >
            Acknowledge
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          title={why(permission)}
          onClick={() =>
            run(() => setWatchRuleEnabled({ ruleId, enabled: !enabled }), enabled ? 'Rule disabled' : 'Rule enabled')
          }
        >
          {enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={disabled}
          title={why(permission)}
          onClick={() => {
            if (window.confirm(`Delete the rule “${ruleName}” and its history?`))
              run(() => deleteWatchRule({ ruleId }), 'Rule deleted', RULES_HREF);
          }}
        >
          Delete
        </Button>
        {permission.allowed ? null : <span className="text-sm text-muted-foreground">{permission.reason}</span>}
      </div>
      <ActionErrorAlert error={error} testId="rule-action-error" />
    </div>
  );
}

/** Silences the rule for a while, with a reason. */
export function SilenceForm({ ruleId, permission }: { ruleId: string; permission: ActionPermission }) {
  const { pending, error, run } = useCommand();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Silence the rule"
      action={(form) =>
        run(
          () =>
            silenceWatchRule({
              ruleId,
              minutes: Number(form.get('minutes')),
              reason: String(form.get('reason') ?? ''),
            }),
          'Silenced',
        )
      }
    >
      <div className="space-y-1">
        <Label htmlFor="silence-minutes">For (minutes)</Label>
        <Input
          id="silence-minutes"
          name="minutes"
          type="number"
          min={1}
          max={10080}
          defaultValue={60}
          className="w-28"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="silence-reason">Reason</Label>
        <Input id="silence-reason" name="reason" required maxLength={500} className="w-80" />
      </div>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={pending || !permission.allowed}
        title={why(permission)}
      >
        Silence
      </Button>
      <ActionErrorAlert error={error} testId="rule-action-error" />
    </form>
  );
}

export function EndSilenceButton({ silenceId, permission }: { silenceId: string; permission: ActionPermission }) {
  const { pending, error, run } = useCommand();
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={pending || !permission.allowed}
        title={why(permission)}
        onClick={() => run(() => endWatchSilence({ silenceId }), 'Silence ended')}
      >
        End silence
      </Button>
      <ActionErrorAlert error={error} testId="rule-action-error" />
    </>
  );
}
