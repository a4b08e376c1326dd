'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useState, useSyncExternalStore, useTransition } from 'react';
import { setChannelVisibilityFromPage, updateChannelMemberFromPage } from '@/app/(console)/_actions/structure';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionPermission } from '@/lib/auth/roles';
import {
  CHANNEL_VISIBILITIES,
  CHANNEL_VISIBILITY_MEANING,
  MEMBER_ROLES,
  MEMBERSHIP_STATUSES,
  widensMembership,
  widensVisibility,
  type ChannelVisibility,
} from '@/lib/upstream/contract/constants';

const subscribeNothing = () => () => {};

const isVisibility = (value: string | null): value is ChannelVisibility =>
  (CHANNEL_VISIBILITIES as readonly (string | null)[]).includes(value);

/**
 * A form running the server action on this channel: it works before (and without) the page's scripts.
 * Once they run, the button waits for a visibility other than the current one. A change that lets
 * more people read the channel needs its confirmation ticked (the action refuses it otherwise, so
 * the form without scripts, which shows the box always, is as safe); its result offers the way back.
 */
export function VisibilityForm({
  channelId,
  current,
  permission,
}: {
  channelId: string;
  current: string | null;
  permission: ActionPermission;
}) {
  const allowed = permission.allowed;
  const [chosen, setChosen] = useState<string>(current ?? '');
  const [state, submit, pending] = useActionState(setChannelVisibilityFromPage, null);
  const scripted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const widening = isVisibility(chosen) && widensVisibility(current, chosen);
  // A change that widened access offers the way back (narrowing needs no confirmation).
  const done = state?.ok ? state.data : null;
  const setBack =
    done?.previous && isVisibility(done.visibility) && widensVisibility(done.previous, done.visibility)
      ? done.previous
      : null;
  return (
    <div className="space-y-2">
      <form action={submit} className="space-y-2">
        <input type="hidden" name="channelId" value={channelId} />
        <fieldset
          className="space-y-2"
          data-testid="visibility-form"
          disabled={!allowed || pending}
          aria-describedby={allowed ? undefined : 'visibility-refused'}
        >
          <legend className="text-sm font-medium">Visibility (now {current ?? 'unknown'})</legend>
          {CHANNEL_VISIBILITIES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="visibility"
                value={value}
                checked={chosen === value}
                onChange={() => setChosen(value)}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{value}</span>
                {value === current ? <span className="text-muted-foreground"> (current)</span> : null}:{' '}
                {CHANNEL_VISIBILITY_MEANING[value]}
              </span>
            </label>
          ))}
          {!scripted || widening ? (
            <label
              className="flex items-start gap-2 rounded-md border border-warning p-2 text-sm"
              data-testid="visibility-confirm"
            >
              <input type="checkbox" name="confirmWidening" value="yes" required={scripted} className="mt-1" />
              <span>
                {scripted ? (
                  <>
                    Yes, widen access from {current ?? 'an unknown visibility'} to {chosen}:{' '}
                    {isVisibility(chosen) ? CHANNEL_VISIBILITY_MEANING[chosen] : null}
                  </>
                ) : (
                  <>Yes, widen access if the visibility chosen lets more people read this channel than now.</>
                )}
              </span>
            </label>
          ) : null}
          <div className="flex items-center gap-3">
            <Button
              type="submit"
              size="sm"
              disabled={!allowed || pending || (scripted && (chosen === '' || chosen === current))}
            >
              {pending ? 'Saving…' : 'Set visibility'}
            </Button>
            <RefusalNote id="visibility-refused" permission={permission} className="basis-auto" />
          </div>
        </fieldset>
        {state?.ok ? (
          <p role="status" className="text-sm" data-testid="visibility-outcome">
            Visibility set to {state.data.visibility ?? 'unknown'}
            {state.data.previous ? ` (was ${state.data.previous})` : ''}.
            {state.requestId ? ` Request id ${state.requestId}.` : ''}
          </p>
        ) : (
          <ActionErrorAlert error={state?.error ?? null} testId="visibility-outcome" />
        )}
      </form>
      {setBack && allowed ? (
        <form action={submit} data-testid="visibility-set-back">
          <input type="hidden" name="channelId" value={channelId} />
          <input type="hidden" name="visibility" value={setBack} />
          <Button type="submit" size="sm" variant="outline" disabled={pending}>
            Set back to {setBack}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

export interface MemberChoice {
  userId: string;
  name: string;
  role: string;
  status: string;
}

/**
 * Change one member's role and/or membership status; only what changed is sent. A change that
 * lets the member do or read more needs its confirmation ticked (the action refuses it otherwise);
 * once done, it offers the way back.
 */
export function MemberEditor({
  channelId,
  members,
  permission,
}: {
  channelId: string;
  members: readonly MemberChoice[];
  permission: ActionPermission;
}) {
  const allowed = permission.allowed;
  const describedBy = allowed ? undefined : 'member-refused';
  const router = useRouter();
  const [userId, setUserId] = useState('');
  const member = members.find((candidate) => candidate.userId === userId);
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [widened, setWidened] = useState<MemberChoice | null>(null);
  const [pending, startTransition] = useTransition();
  const pick = (id: string) => {
    const next = members.find((candidate) => candidate.userId === id);
    setUserId(id);
    setRole(next?.role ?? '');
    setStatus(next?.status ?? '');
    setConfirmed(false);
  };
  const change = member
    ? { ...(role !== member.role ? { role } : {}), ...(status !== member.status ? { status } : {}) }
    : {};
  const widening = member ? widensMembership(member, change) : false;
  const send = (target: MemberChoice, update: { role?: string; status?: string }, confirmWidening: boolean) =>
    startTransition(async () => {
      const result = await callAction(() =>
        updateChannelMemberFromPage({ channelId, userId: target.userId, ...update, confirmWidening }),
      );
      announceActionResult(result, 'Member updated');
      setWidened(result.ok && confirmWidening ? target : null);
      setConfirmed(false);
      router.refresh();
    });
  const save = () => member && send(member, change, widening);
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="member-editor">
      <div className="space-y-1">
        <Label htmlFor="member-pick">Member</Label>
        <NativeSelect
          id="member-pick"
          value={userId}
          onChange={(event) => pick(event.target.value)}
          disabled={!allowed || pending}
          aria-describedby={describedBy}
          className="w-72"
        >
          <option value="">Choose a member…</option>
          {members.map((candidate) => (
            <option key={candidate.userId} value={candidate.userId}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="member-role">Role</Label>
        <NativeSelect
          id="member-role"
          value={role}
          onChange={(event) => setRole(event.target.value)}
          disabled={!allowed || !member || pending}
          className="w-full"
        >
          {member && !(MEMBER_ROLES as readonly string[]).includes(member.role) ? (
            <option value={member.role}>{member.role}</option>
          ) : null}
          {MEMBER_ROLES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="member-status">Membership status</Label>
        <NativeSelect
          id="member-status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          disabled={!allowed || !member || pending}
          className="w-full"
        >
          {member && !(MEMBERSHIP_STATUSES as readonly string[]).includes(member.status) ? (
            <option value={member.status}>{member.status}</option>
          ) : null}
          {MEMBERSHIP_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        size="sm"
        onClick={save}
        disabled={!allowed || !member || Object.keys(change).length === 0 || (widening && !confirmed) || pending}
        aria-describedby={describedBy}
      >
        {pending ? 'Saving…' : 'Save member'}
      </Button>
      {member && widening ? (
        <label
          className="flex basis-full items-start gap-2 rounded-md border border-warning p-2 text-sm"
          data-testid="member-confirm"
        >
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
            className="mt-1"
          />
          <span>
            Yes, widen {member.name}&apos;s access: {member.role}, {member.status} → {role}, {status}.
          </span>
        </label>
      ) : null}
      {widened && allowed ? (
        <div className="basis-full" data-testid="member-set-back">
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => send(widened, { role: widened.role, status: widened.status }, false)}
          >
            Set {widened.name} back to {widened.role}, {widened.status}
          </Button>
        </div>
      ) : null}
      <RefusalNote id="member-refused" permission={permission} className="basis-full" />
    </div>
  );
}
