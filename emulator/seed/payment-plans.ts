/**
 * Payment plans of people who own paid workspaces: the dearest plan among them, seats counted
 * from their members. Everyone else has no row and is on the free plan.
 */
import { DAY_MS, type SeedContext } from './context';
import { PLAN_TYPES } from './names';
import { randomFor } from './random';
import type { UserRow } from './users';
import type { GeneratedWorkspaces } from './workspaces';

export interface PaymentPlanRow {
  /** The user's id. */
  id: string;
  plan: string;
  /** `active`, `trialing`, `past_due` or `canceled`. */
  status: string;
  seats: number | null;
  /** Epoch milliseconds (ISO 8601 on the wire). */
  renews_at: number | null;
}

export const FREE_PLAN = 'free';

export function generatePaymentPlans(
  context: SeedContext,
  users: readonly UserRow[],
  generated: GeneratedWorkspaces,
): PaymentPlanRow[] {
  const random = randomFor(context.seed, 'payment-plans');
  const seats = new Map<string, number>();
  for (const member of generated.workspaceMembers)
    seats.set(member.workspace_guid, (seats.get(member.workspace_guid) ?? 0) + 1);
  const plans: PaymentPlanRow[] = [];
  for (const user of users) {
    if (user.account_type !== 'human') continue;
    const owned = generated.workspaces.filter(
      (workspace) => workspace.owner_guid === user.id && workspace.deleted_at === null,
    );
    const rank = Math.max(
      -1,
      ...owned.map((workspace) => PLAN_TYPES.indexOf(workspace.plan_type as (typeof PLAN_TYPES)[number])),
    );
    if (rank <= 0) continue;
    const draw = random.next();
    const status = draw < 0.8 ? 'active' : draw < 0.88 ? 'trialing' : draw < 0.95 ? 'past_due' : 'canceled';
    plans.push({
      id: user.id,
      plan: PLAN_TYPES[rank] as string,
      status,
      seats: random.chance(0.05) ? null : owned.reduce((sum, workspace) => sum + (seats.get(workspace.id) ?? 0), 0),
      renews_at: status === 'canceled' ? null : context.reference + random.int(1, 365) * DAY_MS,
    });
  }
  return plans;
}
