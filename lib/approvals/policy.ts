/**
 * Which actions need a second operator's approval, and why: the one table of the four-eyes
 * policy. The action guard (lib/actions/guard/execute.ts) asks `approvalReason` for every action it
 * runs; a covered action then runs only with an approved request for its exact parameters
 * (lib/approvals/enforce.ts) or as a break-glass run.
 *
 * Overridable by environment: CONSOLE_APPROVALS=off (single-operator deployments),
 * APPROVAL_BULK_THRESHOLD (default 100 items), APPROVAL_TTL_MINUTES (default 60).
 */
import { z } from 'zod';
import type { ConsoleRole } from '@/lib/auth/roles';

export interface ApprovalSettings {
  enabled: boolean;
  /** A bulk job of more items than this needs approval. */
  bulkThreshold: number;
  /** How long a request may wait for approval, and an approval for its execution. */
  ttlMinutes: number;
}

export const DEFAULT_BULK_THRESHOLD = 100;
export const DEFAULT_TTL_MINUTES = 60;

/** Who may run a covered action without approval, typing a reason (break-glass). */
export const BREAK_GLASS_ROLE: ConsoleRole = 'ops';

export const approvalEnvSchema = z.object({
  CONSOLE_APPROVALS: z.enum(['on', 'off']).default('on'),
  APPROVAL_BULK_THRESHOLD: z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_BULK_THRESHOLD),
  APPROVAL_TTL_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(7 * 24 * 60)
    .default(DEFAULT_TTL_MINUTES),
});

/** The settings from the environment; a bad value is a configuration error, reported by name. */
export function approvalSettings(env: Record<string, string | undefined> = process.env): ApprovalSettings {
  const candidate = Object.fromEntries(
    Object.keys(approvalEnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = approvalEnvSchema.safeParse(candidate);
  if (!parsed.success)
    throw new Error(
      `Approval settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return {
    enabled: parsed.data.CONSOLE_APPROVALS === 'on',
    bulkThreshold: parsed.data.APPROVAL_BULK_THRESHOLD,
    ttlMinutes: parsed.data.APPROVAL_TTL_MINUTES,
  };
}

/** The single-record actions that always need approval, each with why. */
export const COVERED_ACTIONS = {
  'user.merge': 'A merge moves everything the folded account holds and ends that account; the console cannot undo it.',
  'domain.delete':
    "Deleting a domain stops its workspace's addresses at once; the record cannot be restored from the console.",
  'workspace.set_owner': "A new owner takes over the workspace's billing and administration from the current one.",
  'channel.repair_sequence_numbers': 'The repair renumbers messages in every channel of the service at once.',
} as const satisfies Record<string, string>;

/** The role change whose approval depends on the role granted: granting ops needs it, nothing else does. */
export const ROLE_CHANGE_ACTION = 'operator.set_role';
export const GRANT_OPS_REASON =
  'The ops role changes roles, ends sessions, approves what needs four eyes and may break glass: a second ops operator confirms who gets it.';

/** Why this role change needs approval, or null. */
export function roleChangeApprovalReason(input: Record<string, unknown>): string | null {
  return input.role === 'ops' ? GRANT_OPS_REASON : null;
}

/** The bulk-job command whose approval depends on the job (below). */
export const JOB_START_ACTION = 'job.start';

/** What the policy needs to know about a bulk job: any job kind, message or user items. */
export interface JobFacts {
  /** The job's action, e.g. `message.set_status`. */
  action: string;
  itemCount: number;
  /** Set when the job reverts another. */
  revertsJobId: string | null;
}

/** Why starting this job needs approval, or null when it may start at once. */
export function jobApprovalReason(job: JobFacts, settings: ApprovalSettings): string | null {
  if (job.revertsJobId) return 'A revert job sets back the statuses of a whole earlier job.';
  if (job.action.endsWith('.set_status'))
    return 'A bulk status change cannot be undone item by item from the service; every set-status job needs approval.';
  if (job.itemCount > settings.bulkThreshold)
    return `The job acts on ${job.itemCount.toLocaleString('en-US')} items, more than ${settings.bulkThreshold.toLocaleString('en-US')} (APPROVAL_BULK_THRESHOLD).`;
  return null;
}

export type CoveredActionName = keyof typeof COVERED_ACTIONS;

export function isCoveredAction(name: string): name is CoveredActionName {
  return Object.hasOwn(COVERED_ACTIONS, name);
}

/**
 * Why the action needs approval, or null. `job` is read only for `job.start` (the caller looks
 * the job up); a job that cannot be found is left to the action itself to refuse. `input` is read
 * only for a role change.
 */
export function approvalReason(
  action: string,
  settings: ApprovalSettings,
  job: JobFacts | null = null,
  input: Record<string, unknown> = {},
): string | null {
  if (!settings.enabled) return null;
  if (isCoveredAction(action)) return COVERED_ACTIONS[action];
  if (action === JOB_START_ACTION && job) return jobApprovalReason(job, settings);
  if (action === ROLE_CHANGE_ACTION) return roleChangeApprovalReason(input);
  return null;
}
