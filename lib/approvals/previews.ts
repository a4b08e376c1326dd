/**
 * What an approver compares: each covered action's preview as labelled facts, read from the
 * service (and for a bulk job, the console database) when the request is made and again when the
 * approver opens it. Same labels both times, so the request page can line them up.
 */
import { readMergePreview } from '@/lib/accounts/data';
import { accountName, type AccountFootprint } from '@/lib/accounts/merge-preview';
import { queryAudit } from '@/lib/audit/log';
import type { ConsoleDb } from '@/lib/db';
import { readDomain, workspacesByIds } from '@/lib/domains/data';
import { unicodeForm } from '@/lib/domains/unicode';
import { getJob } from '@/lib/jobs/store';
import { JOB_ACTION_LABELS } from '@/lib/jobs/types';
import type { UpstreamClient } from '@/lib/upstream/client';
import { workspaceMembers } from '@/lib/upstream/accounts';
import { countRecords } from '@/lib/upstream/ra';
import { formatUtc } from '@/lib/time';
import type { Workspace } from '@/lib/upstream/contract';
import type { RoleSettings } from '@/lib/auth/roles';
import { listOperators } from '@/lib/operators/store';
import type { ApprovalPreview, PreviewFact } from './types';

export interface PreviewContext {
  upstream: UpstreamClient;
  db: ConsoleDb;
  /** How roles resolve (a role change's preview shows the roles now). */
  roleSettings: RoleSettings;
}

const FOOTPRINT_FACTS: readonly [keyof AccountFootprint, string][] = [
  ['workspaces', 'workspaces'],
  ['channels', 'channels'],
  ['messages', 'messages'],
  ['agents', 'agents'],
];

export async function mergePreviewFacts(
  { upstream }: PreviewContext,
  input: { sourceUserId: string; targetUserId: string },
): Promise<ApprovalPreview> {
  const result = await readMergePreview(upstream, input.sourceUserId, input.targetUserId, { withPlans: false });
  if (!result.ok)
    return { title: 'Merge accounts', facts: [{ label: 'Refused by the console', value: result.refusal.message }] };
  const { source, target, expected } = result.preview;
  const facts: PreviewFact[] = [
    { label: 'Account folded (stops existing)', value: accountName(source.user) },
    { label: 'Account kept', value: accountName(target.user) },
    ...FOOTPRINT_FACTS.map(([key, label]) => ({
      label: `Folded account's ${label}`,
      value: source.footprint[key] as number,
    })),
    ...FOOTPRINT_FACTS.map(([key, label]) => ({
      label: `Kept account's ${label} after the merge`,
      value: expected[key] as number,
    })),
  ];
  return { title: result.preview.direction, facts };
}

/** A domain as people read it: its Unicode form, with the stored punycode beside it when they differ. */
function domainInWords(ascii: string): string {
  const unicode = unicodeForm(ascii);
  return unicode ? `${unicode} (${ascii})` : ascii;
}

/** A workspace as people read it: its name and id, or the id alone when it has no name or could not be read. */
function workspaceInWords(id: string, workspace: Workspace | undefined): string {
  const name = workspace?.workspace_name?.trim();
  return name ? `${name} (${id})` : id;
}

export async function domainDeletePreviewFacts(
  { upstream }: PreviewContext,
  input: { id: string; before: { domain: string; workspaceGuid: string } },
): Promise<ApprovalPreview> {
  const current = await readDomain(upstream, input.id);
  const workspaceId = current?.workspace_guid ?? input.before.workspaceGuid;
  const workspaces = await workspacesByIds(upstream, [workspaceId]);
  return {
    title: `Delete the domain ${domainInWords(input.before.domain)}`,
    facts: [
      { label: 'Domain', value: current ? domainInWords(current.domain) : 'no longer exists' },
      { label: 'Workspace', value: current ? workspaceInWords(workspaceId, workspaces.get(workspaceId)) : null },
    ],
  };
}

export async function setOwnerPreviewFacts(
  { upstream }: PreviewContext,
  input: { workspaceGuid: string; userId: string },
): Promise<ApprovalPreview> {
  const [members, workspaces] = await Promise.all([
    workspaceMembers(upstream, input.workspaceGuid),
    workspacesByIds(upstream, [input.workspaceGuid]),
  ]);
  const workspace = workspaceInWords(input.workspaceGuid, workspaces.get(input.workspaceGuid));
  const owner = members.find((member) => member.role_cd === 'owner');
  const next = members.find((member) => member.id === input.userId);
  return {
    title: `Make ${next ? accountName(next) : input.userId} the owner of workspace ${workspace}`,
    facts: [
      { label: 'Workspace', value: workspace },
      { label: 'Current owner', value: owner ? accountName(owner) : 'none' },
      { label: 'New owner', value: next ? accountName(next) : `${input.userId} (not a member)` },
      { label: "New owner's role now", value: next?.role_cd ?? 'not a member' },
      { label: 'Members', value: members.length },
    ],
  };
}

/**
 * The service offers no dry run of the repair, and counting it here would read every message of
 * every channel: the preview counts the channels it will check, and says what the last repair changed.
 */
export async function repairPreviewFacts({ upstream, db }: PreviewContext): Promise<ApprovalPreview> {
  const [channels, last] = await Promise.all([
    countRecords(upstream, 'channels'),
    queryAudit(db, { action: 'channel.repair_sequence_numbers', outcome: 'ok' }, { offset: 0, limit: 1 }),
  ]);
  const previous = last.rows[0];
  return {
    title: `Repair the sequence numbers of every channel (${channels.toLocaleString('en-US')} channels)`,
    facts: [
      { label: 'Channels the repair checks', value: channels },
      {
        label: 'Channels it will change',
        value: 'not known before it runs: the service has no dry run; a repair right after another changes nothing',
      },
      {
        label: 'Last repair',
        value: previous
          ? `${formatUtc(previous.occurredAt)} by ${previous.operatorEmail}: ${previous.summary ?? 'no report kept'}`
          : 'none in the audit log',
      },
    ],
  };
}

/** A bulk job: what was planned, and for a filter selection how many records match it now. */
export async function jobStartPreviewFacts(
  { upstream, db }: PreviewContext,
  input: { jobId: string; confirmCount: number },
): Promise<ApprovalPreview> {
  const job = await getJob(db, input.jobId);
  if (!job) return { title: `Start bulk job ${input.jobId}`, facts: [{ label: 'Job', value: 'no longer exists' }] };
  const label = (JOB_ACTION_LABELS as Readonly<Record<string, string>>)[job.action] ?? job.action;
  const selection = job.selection;
  const filter =
    selection.kind === 'filter' && selection.filter && typeof selection.filter === 'object'
      ? (selection.filter as Record<string, unknown>)
      : null;
  const entity = job.action.split('.')[0] === 'user' ? 'users' : 'messages';
  const facts: PreviewFact[] = [
    { label: 'Action', value: job.params.status ? `${label} to ${job.params.status}` : label },
    { label: 'Job status', value: job.status },
    { label: 'Items in the job', value: job.total },
  ];
  if (filter)
    facts.push({
      label: `${entity === 'users' ? 'Users' : 'Messages'} matching the selection`,
      value: await countRecords(upstream, entity, filter),
    });
  return { title: `${label} for ${job.total.toLocaleString('en-US')} items (bulk job)`, facts };
}

/** A role change: the operator, their role now and the one asked for, and who holds ops now. */
export async function roleChangePreviewFacts(
  { db, roleSettings }: PreviewContext,
  input: { accountId: string; role: string },
): Promise<ApprovalPreview> {
  // Sessions do not matter here: any idle time counts them, and the preview never shows them.
  const operators = await listOperators(db, roleSettings, 0);
  const subject = operators.find((operator) => operator.accountId === input.accountId);
  const ops = operators.filter((operator) => operator.role === 'ops').map((operator) => operator.email);
  return {
    title: `Set the console role of ${subject?.email ?? input.accountId} to ${input.role}`,
    facts: [
      {
        label: 'Operator',
        value: subject ? `${subject.email} (${subject.accountId})` : `${input.accountId} (never signed in)`,
      },
      { label: 'Role now', value: subject ? `${subject.role} (${subject.origin})` : null },
      { label: 'Role asked for', value: input.role },
      { label: 'Ops operators now', value: ops.length },
      { label: 'Who holds ops now', value: ops.join(', ') || 'nobody' },
    ],
  };
}

/** Facts of the stored snapshot and of now, by label: what changed is marked. */
export interface PreviewComparison {
  label: string;
  then: PreviewFact['value'] | undefined;
  now: PreviewFact['value'] | undefined;
  changed: boolean;
}

export function comparePreviews(then: ApprovalPreview, now: ApprovalPreview): PreviewComparison[] {
  const labels = [...new Set([...then.facts.map((fact) => fact.label), ...now.facts.map((fact) => fact.label)])];
  const value = (preview: ApprovalPreview, label: string) => preview.facts.find((fact) => fact.label === label)?.value;
  return labels.map((label) => {
    const before = value(then, label);
    const after = value(now, label);
    return { label, then: before, now: after, changed: before !== after };
  });
}
