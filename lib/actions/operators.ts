/**
 * Operators' console roles and sessions, managed by ops: grant, change or remove a role (granting
 * ops needs a second ops operator's approval: lib/approvals/policy.ts), and end all of an
 * operator's sessions at once. The audit row's summary keeps the role before and after.
 */
import { z } from 'zod';
import { CONSOLE_ROLES, type ResolvedRole } from '@/lib/auth/roles';
import { changeOperatorRole, endSessionsOf } from '@/lib/operators/store';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { ActionRejectedError, defineAction } from './guard/define';

const accountId = serviceIdSchema('account id');

/** What a role change may set: a console role, or `none` (the role removed: a viewer by default). */
export const ROLE_CHOICES = [...CONSOLE_ROLES, 'none'] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export interface RoleChangeResult {
  accountId: string;
  email: string;
  before: ResolvedRole;
  after: ResolvedRole;
}

const described = (role: ResolvedRole) => `${role.role} (${role.origin})`;

export const setOperatorRoleAction = defineAction({
  name: 'operator.set_role',
  requiredRole: 'ops',
  input: z.object({
    accountId,
    role: z.enum(ROLE_CHOICES, { error: `role must be one of ${ROLE_CHOICES.join(', ')}` }),
  }),
  target: (input) => ({ type: 'operator', ids: [input.accountId] }),
  async run({ operator, db, roleSettings }, input): Promise<RoleChangeResult> {
    const role = input.role === 'none' ? null : input.role;
    const change = await changeOperatorRole(db, { accountId: input.accountId, role, by: operator.email }, roleSettings);
    if (!change.ok) throw new ActionRejectedError(change.refusal.message, change.refusal.code);
    return { accountId: input.accountId, email: change.email, before: change.before, after: change.after };
  },
  summary: (result) => `${result.email}: ${described(result.before)} -> ${described(result.after)}`,
});

export const endOperatorSessionsAction = defineAction({
  name: 'operator.end_sessions',
  requiredRole: 'ops',
  input: z.object({ accountId }),
  target: (input) => ({ type: 'operator', ids: [input.accountId] }),
  run: async ({ db }, input) => ({ accountId: input.accountId, ended: await endSessionsOf(db, input.accountId) }),
  summary: (result) => `ended ${result.ended} open session${result.ended === 1 ? '' : 's'}`,
});
