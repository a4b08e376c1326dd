'use client';

import { useActionState } from 'react';
import {
  endOperatorSessions,
  setOperatorRole,
  type EndSessionsState,
  type RoleChangeState,
} from '@/app/(console)/_actions/operators';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionPermission } from '@/lib/auth/roles';

/** A role the form offers, with its words (`none`: the role removed, a viewer by default). */
export interface RoleOption {
  value: string;
  label: string;
}

/** Grants, changes or removes the operator's role: a plain form, so it works before the page's scripts. */
export function RoleChangeForm({
  accountId,
  current,
  options,
  permission,
}: {
  accountId: string;
  current: string;
  options: readonly RoleOption[];
  permission: ActionPermission;
}) {
  const [state, submit, pending] = useActionState<RoleChangeState, FormData>(
    setOperatorRole.bind(null, accountId),
    null,
  );
  const denied = permission.allowed ? undefined : 'role-change-denied';
  return (
    <form action={submit} className="space-y-2" aria-label="Change the console role">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="operator-role">Console role</Label>
          {/* Keyed by the role, so the select shows the new role once the page is read again after a change. */}
          <NativeSelect
            key={current}
            id="operator-role"
            name="role"
            defaultValue={current}
            disabled={!permission.allowed}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={pending || !permission.allowed} aria-describedby={denied}>
          {pending ? 'Changing…' : 'Change role'}
        </Button>
      </div>
      {permission.allowed ? null : (
        <p id={denied} className="text-sm text-muted-foreground">
          {permission.reason}
        </p>
      )}
      {state?.ok ? (
        <p role="status" className="text-sm" data-testid="role-change-result">
          {state.data.email} is {state.data.after.role} now (was {state.data.before.role}); it applies to their next
          request.
        </p>
      ) : null}
      <ActionErrorAlert error={state && !state.ok ? state.error : null} testId="role-change-error" />
    </form>
  );
}

/** Ends every session of the operator at once: their cookies, copies included, are refused from now on. */
export function EndSessionsForm({ accountId, permission }: { accountId: string; permission: ActionPermission }) {
  const [state, submit, pending] = useActionState<EndSessionsState, FormData>(
    endOperatorSessions.bind(null, accountId),
    null,
  );
  const denied = permission.allowed ? undefined : 'end-sessions-denied';
  return (
    <form action={submit} className="space-y-2" aria-label="End all sessions">
      <Button type="submit" variant="destructive" disabled={pending || !permission.allowed} aria-describedby={denied}>
        {pending ? 'Ending…' : 'End all sessions now'}
      </Button>
      {permission.allowed ? null : (
        <p id={denied} className="text-sm text-muted-foreground">
          {permission.reason}
        </p>
      )}
      {state?.ok ? (
        <p role="status" className="text-sm" data-testid="end-sessions-result">
          Ended {state.data.ended} open session{state.data.ended === 1 ? '' : 's'}: they must sign in again.
        </p>
      ) : null}
      <ActionErrorAlert error={state && !state.ok ? state.error : null} testId="end-sessions-error" />
    </form>
  );
}
