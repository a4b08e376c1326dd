/**
 * Every mutating action, called directly: without a session, without the admin scope, and with
 * each console role below the one it needs. Each is refused, audited, and makes no call to the
 * service (the emulator's request log proves it); the role it needs succeeds, audited with the
 * outcome. Malformed inputs are refused as invalid, never an exception.
 *
 * A new action joins with one row in ACTIONS.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDefinition } from '@/lib/actions/guard/define';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import {
  approveRequestAction,
  cancelRequestAction,
  rejectRequestAction,
  requestApprovalAction,
  reviewBreakGlassAction,
} from '@/lib/actions/approvals';
import { approvalSettings } from '@/lib/approvals/policy';
import {
  cancelJobAction,
  planJobAction,
  planRevertAction,
  retryFailedAction,
  retryPlanAction,
  startJobAction,
} from '@/lib/actions/jobs';
import { NOT_THE_CREATOR, createAgentAction, deleteAgentAction, mintAgentTokenAction } from '@/lib/actions/agents';
import { createDomainAction, deleteDomainAction, updateDomainAction } from '@/lib/actions/domains';
import {
  createMp3Action,
  recreateWaveformAction,
  reprocessMessageAction,
  revertMessageStatusAction,
  setMessageStatusAction,
} from '@/lib/actions/messages';
import { setVerifiedAction } from '@/lib/actions/users';
import { mergeUsersAction } from '@/lib/actions/accounts';
import {
  addIncidentNoteAction,
  linkIncidentJobAction,
  openIncidentAction,
  setIncidentStatusAction,
} from '@/lib/actions/incidents';
import { openIncident } from '@/lib/incidents/store';
import {
  acknowledgeWatchRuleAction,
  createWatchRuleAction,
  deleteWatchRuleAction,
  endWatchSilenceAction,
  setWatchRuleEnabledAction,
  silenceWatchRuleAction,
  updateWatchRuleAction,
} from '@/lib/actions/watch';
import { createRule } from '@/lib/watch/store';
import { watchRuleInputSchema } from '@/lib/watch/types';
import { endOperatorSessionsAction, setOperatorRoleAction } from '@/lib/actions/operators';
import { recordSignIn } from '@/lib/operators/store';
import {
  deleteViewAction,
  renameViewAction,
  saveSharedViewAction,
  saveViewAction,
  shareViewAction,
  unshareViewAction,
} from '@/lib/actions/views';
import { saveView } from '@/lib/views/store';
import {
  repairSequenceAction,
  setChannelVisibilityAction,
  setWorkspaceOwnerAction,
  updateChannelMemberAction,
} from '@/lib/actions/structure';
import { queryAudit } from '@/lib/audit/log';
import { planJob } from '@/lib/jobs/plan';
import { parseRoleMapping, type ConsoleRole } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { UpstreamClient } from '@/lib/upstream/client';
import { agentSchema, domainSchema, messageSchema, userListSchema, workspaceListSchema } from '@/lib/upstream/contract';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';
import { benchToken, consoleClientOf, signIn, startTestEmulator } from '../support/emulator';

interface ActionRow {
  definition: ActionDefinition<never, unknown>;
  /** A valid input against the seeded emulator. */
  validInput(emulator: RunningEmulator, adminToken: string): Promise<Record<string, unknown>>;
  /** Inputs that must be refused as invalid. */
  malformedInputs: unknown[];
  /** Calls to the service the allowed action makes (bulk-job commands leave them to the runner). */
  serviceCalls: number;
  /** What the allowed role gets with the valid input: done, or refused by the console itself. */
  allowedOutcome: 'ok' | 'rejected';
}

/** Erases the action's input type so rows of different actions sit in one list. */
/** A watch rule's settings, as the form sends them. */
const MATRIX_RULE = {
  name: 'Matrix rule',
  target: { kind: 'stuck', scope: { statuses: ['processing'] } },
  condition: { kind: 'above', count: 5, forMinutes: 1 },
};

function row<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
  validInput: ActionRow['validInput'],
  malformedInputs: unknown[],
  serviceCalls = 1,
  allowedOutcome: ActionRow['allowedOutcome'] = 'ok',
): ActionRow {
  return {
    definition: definition as unknown as ActionDefinition<never, unknown>,
    validInput,
    malformedInputs,
    serviceCalls,
    allowedOutcome,
  };
}

/** A planned (not started) reprocess job of one message, as an operator's dry run leaves it. */
async function plannedJob(emulator: RunningEmulator, adminToken: string): Promise<{ jobId: string; total: number }> {
  const messageGuid = await someMessage(emulator, adminToken, { status: 'processing' });
  const upstream = new UpstreamClient({ baseUrl: emulator.url, accessToken: adminToken, log: () => undefined });
  const plan = await planJob(
    { db: database.db, upstream },
    { id: 'usr_00000000000000000001', email: 'ops@example.com', role: 'ops' },
    {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: [messageGuid] },
    },
  );
  return { jobId: plan.jobId, total: plan.total };
}

async function firstUnverifiedUser(emulator: RunningEmulator, adminToken: string): Promise<string> {
  const url = `${emulator.url}/admin/ra/users?filter=${encodeURIComponent(JSON.stringify({ verified: false }))}&range=${encodeURIComponent('[0,0]')}`;
  const users = userListSchema.parse(
    await (await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } })).json(),
  );
  const id = users[0]?.id;
  if (!id) throw new Error('the seed has no unverified user');
  return id;
}

/** A message of the seed in one of the given statuses. */
async function someMessage(
  emulator: RunningEmulator,
  adminToken: string,
  filter: Record<string, unknown>,
): Promise<string> {
  const url = `${emulator.url}/admin/ra/messages?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,0]')}`;
  const body: unknown = await (await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const id = messageSchema.array().parse(body)[0]?.id;
  if (!id) throw new Error(`the seed has no message matching ${JSON.stringify(filter)}`);
  return id;
}

/** A live workspace of the seed. */
async function liveWorkspace(emulator: RunningEmulator, adminToken: string): Promise<string> {
  const body: unknown = await (
    await fetch(`${emulator.url}/admin/ra/workspaces?range=${encodeURIComponent('[0,49]')}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json();
  const id = workspaceListSchema.parse(body).find((workspace) => !workspace.deleted_at)?.id;
  if (!id) throw new Error('the seed has no live workspace');
  return id;
}

/** A new domain at the service, made with the service's own token, as a row's edit or delete target. */
async function freshDomain(emulator: RunningEmulator, adminToken: string) {
  const workspaceGuid = await liveWorkspace(emulator, adminToken);
  const response = await fetch(`${emulator.url}/admin/ra/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      domain: `matrix-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.example`,
      workspace_guid: workspaceGuid,
    }),
  });
  const domain = domainSchema.parse(await response.json());
  return { id: domain.id, before: { domain: domain.domain, workspaceGuid } };
}

/** A new agent owned by a demo operator, made with that operator's own token (/agents acts in the caller's scope). */
async function ownAgent(emulator: RunningEmulator, email: string): Promise<string> {
  const session = sessions.get(email);
  if (!session?.accessToken) throw new Error(`no session for ${email}`);
  const response = await fetch(`${emulator.url}/agents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Matrix agent ${Math.random().toString(36).slice(2, 8)}` }),
  });
  return agentSchema.parse(await response.json()).id;
}

/** Two live people of the seed (not the demo accounts), the first to fold into the second. */
async function mergeablePair(emulator: RunningEmulator, adminToken: string) {
  const filter = encodeURIComponent(JSON.stringify({ account_type: 'human', merged_into: null, deleted_at: null }));
  const url = `${emulator.url}/admin/ra/users?filter=${filter}&range=${encodeURIComponent('[0,49]')}`;
  const users = userListSchema.parse(
    await (await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } })).json(),
  );
  const [source, target] = users.filter((user) => !/^usr_0{16}000[1-4]$/.test(user.id));
  if (!source || !target) throw new Error('the seed has no two mergeable users');
  return { sourceUserId: source.id, targetUserId: target.id, confirmEmail: source.email };
}

/** A workspace with a member who does not own it, and a channel with a member, from the seed. */
async function structureSubjects(emulator: RunningEmulator) {
  const world = emulator.database.world;
  const membership = [...world.workspaceMembers.rows()].find((member) => {
    const workspace = world.workspaces.get(member.workspace_guid);
    return workspace && workspace.deleted_at === null && workspace.owner_guid !== member.user_id;
  });
  const channelMember = [...world.channelMembers.rows()][0];
  if (!membership || !channelMember) throw new Error('the seed has no workspace or channel members');
  return {
    workspaceGuid: membership.workspace_guid,
    userId: membership.user_id,
    channelId: channelMember.channel_guid,
    channelUserId: channelMember.user_id,
  };
}

const HUGE = 'x'.repeat(100_000);
const SOME_UUID = '6f1c1f7e-8f7a-4a53-9b0e-0c6c3e0b2a11';
const VIEW_MALFORMED = [
  {},
  { name: '', href: '/stuck' },
  { name: HUGE, href: '/stuck' },
  { name: 'x', href: 'https://evil.example/stuck' },
  { name: 'x', href: '//evil.example/stuck' },
];
// `..` would make the call's path another endpoint's.
const MALFORMED_MESSAGE_INPUTS = [
  {},
  { messageGuid: 7 },
  { messageGuid: '' },
  { messageGuid: HUGE },
  { messageGuid: '..' },
  [],
  undefined,
];

const ACTIONS: ActionRow[] = [
  row(setVerifiedAction, async (emulator, token) => ({ userId: await firstUnverifiedUser(emulator, token) }), [
    {},
    { userId: 42 },
    { userId: '' },
    { userId: HUGE },
    { userId: '..' },
    { userId: ' . ' },
    null,
    'usr_1',
  ]),
  // Reads both accounts and their holdings (1 + 2 x 6), merges (1), reads back (2 x 6 + 1).
  row(
    mergeUsersAction,
    (emulator, token) => mergeablePair(emulator, token),
    [
      {},
      { sourceUserId: 'usr_a', targetUserId: 'usr_a', confirmEmail: 'a@example.com' },
      { sourceUserId: 'usr_a', targetUserId: 'usr_b' },
      { sourceUserId: 'usr_a', targetUserId: 'usr_b', confirmEmail: '  ' },
      { sourceUserId: '..', targetUserId: 'usr_b', confirmEmail: 'a@example.com' },
      { sourceUserId: HUGE, targetUserId: 'usr_b', confirmEmail: 'a@example.com' },
      { sourceUserId: 'usr_a', targetUserId: 7, confirmEmail: 'a@example.com' },
      null,
    ],
    27,
  ),
  // Reads the members (1), sets the owner (1), reads the workspace back (1).
  row(
    setWorkspaceOwnerAction,
    async (emulator) => {
      const { workspaceGuid, userId } = await structureSubjects(emulator);
      return { workspaceGuid, userId };
    },
    [
      {},
      { workspaceGuid: 'wsp_1' },
      { workspaceGuid: '..', userId: 'usr_1' },
      { workspaceGuid: 'wsp_1', userId: HUGE },
      { workspaceGuid: 7, userId: 'usr_1' },
    ],
    3,
  ),
  row(
    setChannelVisibilityAction,
    async (emulator) => ({
      channelId: (await structureSubjects(emulator)).channelId,
      visibility: 'public',
      confirmWidening: true,
    }),
    [
      {},
      { channelId: 'chn_1' },
      { channelId: 'chn_1', visibility: 'everyone' },
      { channelId: '..', visibility: 'public' },
      { channelId: HUGE, visibility: 'public' },
    ],
    // The current visibility is read first: widening needs the operator's confirmation.
    2,
  ),
  row(
    updateChannelMemberAction,
    async (emulator) => {
      const { channelId, channelUserId } = await structureSubjects(emulator);
      return { channelId, userId: channelUserId, role: 'admin', status: 'active', confirmWidening: true };
    },
    [
      {},
      { channelId: 'chn_1', userId: 'usr_1' },
      { channelId: 'chn_1', userId: 'usr_1', role: 'emperor' },
      { channelId: 'chn_1', userId: 'usr_1', status: 'banished' },
      { channelId: 'chn_1', userId: '..', role: 'admin' },
    ],
    // The current member is read first: widening needs the operator's confirmation.
    2,
  ),
  row(repairSequenceAction, async () => ({ confirm: true }), [{}, { confirm: false }, { confirm: 'yes' }, null]),
  row(
    reprocessMessageAction,
    async (emulator, token) => ({ messageGuid: await someMessage(emulator, token, { status: 'processing' }) }),
    MALFORMED_MESSAGE_INPUTS,
  ),
  row(
    setMessageStatusAction,
    async (emulator, token) => ({
      messageGuid: await someMessage(emulator, token, { status: 'inprogress' }),
      status: 'active',
    }),
    [
      ...MALFORMED_MESSAGE_INPUTS,
      { messageGuid: 'm1' },
      { messageGuid: 'm1', status: '../../users' },
      { messageGuid: 'm1', status: 'x'.repeat(41) },
    ],
    // The message is read first, so the result can say what its status was.
    2,
  ),
  row(
    revertMessageStatusAction,
    async (emulator, token) => ({
      messageGuid: await someMessage(emulator, token, { status: 'inprogress' }),
      status: 'active',
      from: 'inprogress',
    }),
    [
      ...MALFORMED_MESSAGE_INPUTS,
      { messageGuid: 'm1', status: 'active' },
      { messageGuid: 'm1', status: 'active', from: '..' },
    ],
    2,
  ),
  row(
    createMp3Action,
    async (emulator, token) => ({ messageGuid: await someMessage(emulator, token, { status: 'active' }) }),
    MALFORMED_MESSAGE_INPUTS,
  ),
  row(
    recreateWaveformAction,
    async (emulator, token) => ({ messageGuid: await someMessage(emulator, token, { status: 'active' }) }),
    MALFORMED_MESSAGE_INPUTS,
  ),
  row(
    planJobAction,
    async (emulator, token) => ({
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: [await someMessage(emulator, token, { status: 'processing' })] },
    }),
    [
      {},
      { action: 'message.delete', selection: { kind: 'ids', ids: ['m1'] } },
      { action: 'message.reprocess', selection: { kind: 'ids', ids: [] } },
      { action: 'message.reprocess', selection: { kind: 'ids', ids: ['m1', '..'] } },
      { action: 'message.set_status', params: { status: '..' }, selection: { kind: 'ids', ids: ['m1'] } },
      { action: 'message.reprocess', selection: { kind: 'filter', filter: 'status=processing' } },
    ],
  ),
  row(
    startJobAction,
    async (emulator, token) => {
      const plan = await plannedJob(emulator, token);
      return { jobId: plan.jobId, confirmCount: plan.total };
    },
    [
      {},
      { jobId: 'not-a-uuid', confirmCount: 1 },
      { jobId: '6f1c1f7e-8f7a-4a53-9b0e-0c6c3e0b2a11', confirmCount: '1' },
      { jobId: '6f1c1f7e-8f7a-4a53-9b0e-0c6c3e0b2a11', confirmCount: 0 },
    ],
    0,
  ),
  row(
    cancelJobAction,
    async (emulator, token) => ({ jobId: (await plannedJob(emulator, token)).jobId }),
    [{}, { jobId: 42 }, { jobId: HUGE }],
    0,
  ),
  // A job that never ran has nothing to retry or revert: ops gets through the guard, the engine refuses.
  row(
    retryFailedAction,
    async (emulator, token) => ({ jobId: (await plannedJob(emulator, token)).jobId }),
    [{}, { jobId: 'x' }],
    0,
    'rejected',
  ),
  row(
    planRevertAction,
    async (emulator, token) => ({ jobId: (await plannedJob(emulator, token)).jobId }),
    [{}, { jobId: null }],
    0,
    'rejected',
  ),
  // A dry run done in the request has no background read to retry: the engine refuses.
  row(
    retryPlanAction,
    async (emulator, token) => ({ jobId: (await plannedJob(emulator, token)).jobId }),
    [{}, { jobId: 'x' }],
    0,
    'rejected',
  ),
  // Domain writes read the workspace, the name's holder and (edit, delete) the record first.
  row(
    createDomainAction,
    async (emulator, token) => ({
      domain: `Bücher-${Date.now().toString(36)}.example`,
      workspaceGuid: await liveWorkspace(emulator, token),
    }),
    [
      {},
      { domain: 'example.com' },
      { domain: 'https://example.com', workspaceGuid: 'wsp_1' },
      { domain: '*.example.com', workspaceGuid: 'wsp_1' },
      { domain: HUGE, workspaceGuid: 'wsp_1' },
      { domain: 'example.com', workspaceGuid: '..' },
    ],
    3,
  ),
  row(
    updateDomainAction,
    async (emulator, token) => {
      const domain = await freshDomain(emulator, token);
      return { ...domain, domain: `renamed-${domain.before.domain}`, workspaceGuid: domain.before.workspaceGuid };
    },
    [
      {},
      { id: 'dom_1', domain: 'example.com', workspaceGuid: 'wsp_1' },
      {
        id: '..',
        domain: 'example.com',
        workspaceGuid: 'wsp_1',
        before: { domain: 'a.example', workspaceGuid: 'wsp_1' },
      },
      {
        id: 'dom_1',
        domain: 'example.com:80',
        workspaceGuid: 'wsp_1',
        before: { domain: 'a.example', workspaceGuid: 'wsp_1' },
      },
    ],
    3,
  ),
  row(
    deleteDomainAction,
    async (emulator, token) => {
      const domain = await freshDomain(emulator, token);
      return { ...domain, confirm: domain.before.domain };
    },
    [
      {},
      { id: 'dom_1' },
      { id: 'dom_1', confirm: 'not a domain', before: { domain: 'a.example', workspaceGuid: 'wsp_1' } },
      { id: '', confirm: 'a.example', before: { domain: 'a.example', workspaceGuid: 'wsp_1' } },
    ],
    2,
  ),
  row(createAgentAction, async () => ({ name: 'Matrix helper' }), [
    {},
    { name: '' },
    { name: HUGE },
    { name: 'x', email: 'not an address' },
    { name: 7 },
  ]),
  // The service lets only an agent's creator delete it: the lowest role, deleting its own agent.
  row(deleteAgentAction, async (emulator) => ({ agentId: await ownAgent(emulator, 'viewer@example.com') }), [
    {},
    { agentId: '' },
    { agentId: '..' },
    { agentId: HUGE },
  ]),
  row(
    mintAgentTokenAction,
    async (emulator) => ({ agentId: await ownAgent(emulator, 'support@example.com'), expiresInSeconds: 300 }),
    [
      {},
      { agentId: '..' },
      { agentId: 'usr_1', expiresInSeconds: 59 },
      { agentId: 'usr_1', expiresInSeconds: 3_601 },
      { agentId: 'usr_1', expiresInSeconds: '300' },
    ],
  ),
  row(
    requestApprovalAction,
    async () => ({ action: 'channel.repair_sequence_numbers', params: { confirm: true }, reason: 'INC-1 matrix' }),
    [
      {},
      { action: 'user.set_verified', params: {}, reason: 'INC-1' },
      { action: 'user.merge', params: {}, reason: '' },
      { action: 'user.merge', params: 'x', reason: 'INC-1' },
      // With the policy off (as in this file) a request is refused as needless: tests/approvals covers it on.
    ],
    0,
    'rejected',
  ),
  row(
    approveRequestAction,
    async () => ({ requestId: randomUUID() }),
    [{}, { requestId: 'x' }, { requestId: randomUUID(), comment: HUGE }],
    0,
    'rejected',
  ),
  row(rejectRequestAction, async () => ({ requestId: randomUUID() }), [{}, { requestId: 7 }], 0, 'rejected'),
  row(cancelRequestAction, async () => ({ requestId: randomUUID() }), [{}, { requestId: null }], 0, 'rejected'),
  row(reviewBreakGlassAction, async () => ({ requestId: randomUUID() }), [{}, { requestId: '..' }], 0, 'rejected'),
  // Opening reads the scope's oldest stuck messages once (the most affected workspaces at the start).
  row(
    openIncidentAction,
    async () => ({ title: 'Matrix incident', severity: 'sev3', scope: { statuses: ['processing'] } }),
    [
      {},
      { title: '', severity: 'sev3' },
      { title: 'x', severity: 'sev9' },
      { title: HUGE, severity: 'sev1' },
      { title: 'x', severity: 'sev1', scope: { statuses: ['nonsense'] } },
      { title: 'x', severity: 'sev1', scope: { workspaces: Array.from({ length: 21 }, (_, index) => `wsp_${index}`) } },
    ],
  ),
  row(
    addIncidentNoteAction,
    async () => ({ incidentId: await someIncident(), body: 'Matrix note' }),
    [
      {},
      { incidentId: 'x', body: 'n' },
      { incidentId: SOME_UUID, body: '  ' },
      { incidentId: SOME_UUID, body: 'x'.repeat(5_001) },
    ],
    0,
  ),
  row(
    setIncidentStatusAction,
    async () => ({ incidentId: await someIncident(), status: 'mitigated' }),
    [
      {},
      { incidentId: SOME_UUID, status: 'closed' },
      { incidentId: '..', status: 'resolved' },
      // Resolving says how: a summary is needed.
      { incidentId: SOME_UUID, status: 'resolved' },
      { incidentId: SOME_UUID, status: 'resolved', summary: '   ' },
    ],
    0,
  ),
  row(
    linkIncidentJobAction,
    async (emulator, token) => ({ incidentId: await someIncident(), jobId: (await plannedJob(emulator, token)).jobId }),
    [{}, { incidentId: SOME_UUID }, { incidentId: SOME_UUID, jobId: 'x' }],
    0,
  ),
  row(
    createWatchRuleAction,
    async () => MATRIX_RULE,
    [{}, { ...MATRIX_RULE, name: '' }, { ...MATRIX_RULE, condition: { kind: 'above', count: -1, forMinutes: 1 } }],
    0,
  ),
  row(
    updateWatchRuleAction,
    async () => ({ ...MATRIX_RULE, ruleId: await someRule() }),
    [{}, { ...MATRIX_RULE, ruleId: '..' }, { ...MATRIX_RULE, ruleId: randomUUID(), recoveryMargin: -1 }],
    0,
  ),
  row(
    setWatchRuleEnabledAction,
    async () => ({ ruleId: await someRule(), enabled: false }),
    [{}, { ruleId: randomUUID(), enabled: 'no' }],
    0,
  ),
  row(deleteWatchRuleAction, async () => ({ ruleId: await someRule() }), [{}, { ruleId: HUGE }], 0),
  // Only a firing rule is acknowledged: a new rule is refused by the console itself.
  row(acknowledgeWatchRuleAction, async () => ({ ruleId: await someRule() }), [{}, { ruleId: 7 }], 0, 'rejected'),
  row(
    silenceWatchRuleAction,
    async () => ({ ruleId: await someRule(), minutes: 30, reason: 'matrix' }),
    [{}, { ruleId: randomUUID(), minutes: 0, reason: 'x' }, { ruleId: randomUUID(), minutes: 30, reason: '' }],
    0,
  ),
  row(endWatchSilenceAction, async () => ({ silenceId: randomUUID() }), [{}, { silenceId: 'x' }], 0, 'rejected'),
  row(
    setOperatorRoleAction,
    async () => ({ accountId: await someOperator(), role: 'support' }),
    [
      {},
      { accountId: 'usr_1' },
      { accountId: 'usr_1', role: 'admin' },
      { accountId: '..', role: 'support' },
      { accountId: HUGE, role: 'viewer' },
      { accountId: 7, role: 'ops' },
    ],
    0,
  ),
  row(
    endOperatorSessionsAction,
    async () => ({ accountId: await someOperator() }),
    [{}, { accountId: '' }, { accountId: '..' }, { accountId: HUGE }],
    0,
  ),
  row(saveViewAction, async () => ({ name: viewName(), href: '/stuck?threshold=30' }), VIEW_MALFORMED, 0),
  row(saveSharedViewAction, async () => ({ name: viewName(), href: '/audit?outcome=failed' }), VIEW_MALFORMED, 0),
  row(
    renameViewAction,
    async () => ({ viewId: await ownView('viewer@example.com', 'private'), name: viewName() }),
    [{}, { viewId: SOME_UUID }, { viewId: 'x', name: 'y' }, { viewId: SOME_UUID, name: HUGE }],
    0,
  ),
  row(
    deleteViewAction,
    async () => ({ viewId: await ownView('viewer@example.com', 'private') }),
    [{}, { viewId: '..' }],
    0,
  ),
  row(shareViewAction, async () => ({ viewId: await ownView('ops@example.com', 'private') }), [{}, { viewId: 1 }], 0),
  row(unshareViewAction, async () => ({ viewId: await ownView('ops@example.com', 'shared') }), [{}, { viewId: 1 }], 0),
];

const viewName = () => `Matrix view ${Math.random().toString(36).slice(2, 10)}`;

/** A view saved by a demo operator (the sessions' subject is the e-mail), as a row's target. */
async function ownView(email: string, visibility: 'private' | 'shared'): Promise<string> {
  const role = email.startsWith('ops') ? 'ops' : 'viewer';
  const view = await saveView(database.db, { id: email, email, role }, { name: viewName(), href: '/jobs', visibility });
  return view.id;
}

/** An operator who signed in (with an open session), as a role change's or a session end's target. */
async function someOperator(): Promise<string> {
  const accountId = `usr_matrix_${randomUUID().slice(0, 8)}`;
  const signedInAt = Date.now();
  await recordSignIn(
    database.db,
    {
      accountId,
      email: `${accountId}@example.com`,
      name: 'Matrix operator',
      signedInAt,
      expiresAt: signedInAt + 3_600_000,
    },
    ROLES,
  );
  return accountId;
}

/** A watch rule, as support makes it. */
async function someRule(): Promise<string> {
  const rule = await createRule(
    database.db,
    { id: 'usr_00000000000000000002', email: 'support@example.com' },
    watchRuleInputSchema.parse(MATRIX_RULE),
  );
  return rule.id;
}

/** An open incident, as support leaves it. */
async function someIncident(): Promise<string> {
  const id = randomUUID();
  await openIncident(
    database.db,
    { id: 'usr_00000000000000000002', email: 'support@example.com' },
    {
      id,
      title: 'Matrix incident',
      severity: 'sev3',
      scope: { workspaces: [], channels: [], statuses: [] },
      affectedAtOpen: null,
    },
  );
  return id;
}

const ROLES = parseRoleMapping('ops@example.com=ops,support@example.com=support,viewer@example.com=viewer');
const RANK: ConsoleRole[] = ['viewer', 'support', 'ops'];

let emulator: RunningEmulator;
let database: TestDatabase;
let adminToken: string;
const sessions = new Map<string, SessionToken>();

beforeAll(async () => {
  [emulator, database] = await Promise.all([startTestEmulator(), openTestDatabase(pgliteTestDriver)]);
  adminToken = (await benchToken(emulator)).access_token;
  const target = consoleClientOf(emulator);
  for (const email of ['ops@example.com', 'support@example.com', 'viewer@example.com', 'member@example.com']) {
    const tokens = await signIn(target, { email });
    sessions.set(email, {
      sub: email,
      email,
      scopes: (tokens.scope ?? '').split(' '),
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      signedInAt: Date.now(),
    });
  }
});

afterAll(async () => {
  await Promise.all([emulator?.stop(), database?.dispose()]);
});

function environment(session: SessionToken | null): ActionEnvironment {
  return {
    session,
    roles: ROLES,
    db: database.db,
    // The role checks, not the four-eyes policy (tests/approvals proves that): covered actions run directly.
    approvals: approvalSettings({ CONSOLE_APPROVALS: 'off' }),
    upstreamFor: (accessToken, log) => new UpstreamClient({ baseUrl: emulator.url, accessToken, readRetries: 0, log }),
  };
}

/** Calls to the service's admin and agents APIs made while `fn` runs, as seen by the service itself. */
async function serviceCallsDuring(fn: () => Promise<unknown>): Promise<number> {
  const isService = (path: string) => path.startsWith('/admin') || path.startsWith('/agents');
  const before = emulator.requestLog.list().filter((entry) => isService(entry.path)).length;
  await fn();
  return emulator.requestLog.list().filter((entry) => isService(entry.path)).length - before;
}

async function latestAudit(action: string) {
  const { rows } = await queryAudit(database.db, { action }, { offset: 0, limit: 1 });
  return rows[0];
}

describe.each(ACTIONS.map((action) => [action.definition.name, action] as const))('%s', (name, action) => {
  const required = action.definition.requiredRole;
  const refusedRoles = RANK.slice(0, RANK.indexOf(required));
  let input: Record<string, unknown>;

  beforeAll(async () => {
    input = await action.validInput(emulator, adminToken);
  });

  it('is refused without a session, audited, with no call to the service', async () => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    expect(
      await serviceCallsDuring(async () => (result = await executeAction(action.definition, input, environment(null)))),
    ).toBe(0);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthenticated' } });
    expect(await latestAudit(name)).toMatchObject({
      outcome: 'denied',
      operatorEmail: 'anonymous',
      denialReason: 'no session',
    });
  });

  it('is refused for an account without the admin scope', async () => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    const session = sessions.get('member@example.com')!;
    expect(session.scopes).not.toContain('admin');
    expect(
      await serviceCallsDuring(
        async () => (result = await executeAction(action.definition, input, environment(session))),
      ),
    ).toBe(0);
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await latestAudit(name)).toMatchObject({
      outcome: 'denied',
      operatorEmail: 'member@example.com',
      operatorRole: 'none',
    });
  });

  it.each(refusedRoles)(`is refused for %s (needs ${required}), audited, with no call to the service`, async (role) => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    const session = sessions.get(`${role}@example.com`)!;
    expect(
      await serviceCallsDuring(
        async () => (result = await executeAction(action.definition, input, environment(session))),
      ),
    ).toBe(0);
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await latestAudit(name)).toMatchObject({
      outcome: 'denied',
      operatorEmail: `${role}@example.com`,
      operatorRole: role,
    });
  });

  it.each(action.malformedInputs.map((value) => [JSON.stringify(value)?.slice(0, 40) ?? String(value), value]))(
    'refuses malformed input %s as invalid, audited, with no call to the service',
    async (_label, malformed) => {
      let result: Awaited<ReturnType<typeof executeAction>> | undefined;
      const session = sessions.get(`${required}@example.com`)!;
      expect(
        await serviceCallsDuring(
          async () => (result = await executeAction(action.definition, malformed, environment(session))),
        ),
      ).toBe(0);
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      expect(await latestAudit(name)).toMatchObject({ outcome: 'invalid', operatorRole: required });
    },
  );

  it(`goes through for ${required}, audited with its outcome`, async () => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    const session = sessions.get(`${required}@example.com`)!;
    expect(
      await serviceCallsDuring(
        async () => (result = await executeAction(action.definition, input, environment(session))),
      ),
    ).toBe(action.serviceCalls);
    if (action.allowedOutcome === 'rejected') {
      expect(result).toMatchObject({ ok: false, error: { kind: 'rejected' } });
      expect(await latestAudit(name)).toMatchObject({
        outcome: 'failed',
        operatorEmail: `${required}@example.com`,
        operatorRole: required,
      });
      return;
    }
    expect(result).toMatchObject({ ok: true });
    const entry = await latestAudit(name);
    expect(entry).toMatchObject({ outcome: 'ok', operatorEmail: `${required}@example.com`, operatorRole: required });
    expect(entry?.targetIds.length).toBeGreaterThan(0);
    if (action.serviceCalls > 0) {
      // 200, or 204 for an answer without a body (DELETE /agents/{id}).
      expect([200, 204]).toContain(entry?.upstreamStatus);
      expect(entry?.upstreamRequestId).toBeTruthy();
    }
  });
});

describe('refusals in the audit log', () => {
  it('keep a bounded record of a large refused input', async () => {
    const ids = Array.from({ length: 5_000 }, (_, index) => `msg_${String(index).padStart(200, '0')}`);
    const input = { action: 'message.reprocess', selection: { kind: 'ids', ids } };
    const result = await executeAction(planJobAction, input, environment(sessions.get('viewer@example.com')!));
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const entry = await latestAudit('job.plan');
    expect(entry).toMatchObject({
      outcome: 'denied',
      operatorEmail: 'viewer@example.com',
      params: { _truncated: true },
    });
    expect(entry?.targetIds.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(entry?.params).length).toBeLessThan(5_000);
  });
});

describe('deleting an agent', () => {
  it("is its creator's, whatever their console role; anyone else is told why not", async () => {
    const agentId = await ownAgent(emulator, 'support@example.com');
    const byOps = await executeAction(deleteAgentAction, { agentId }, environment(sessions.get('ops@example.com')!));
    expect(byOps).toMatchObject({ ok: false, error: { kind: 'rejected', message: NOT_THE_CREATOR } });
    expect(await latestAudit('agent.delete')).toMatchObject({ outcome: 'failed', operatorEmail: 'ops@example.com' });
    const bySupport = await executeAction(
      deleteAgentAction,
      { agentId },
      environment(sessions.get('support@example.com')!),
    );
    expect(bySupport).toMatchObject({ ok: true });
    expect(await latestAudit('agent.delete')).toMatchObject({ outcome: 'ok', operatorEmail: 'support@example.com' });
    const stored = await fetch(`${emulator.url}/admin/ra/agents/${agentId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(agentSchema.parse(await stored.json()).deleted_at).toEqual(expect.any(String));
  });
});

describe('a minted agent token', () => {
  it('reaches the operator once and is in no audit row', async () => {
    const agentId = await ownAgent(emulator, 'support@example.com');
    const result = await executeAction(
      mintAgentTokenAction,
      { agentId },
      environment(sessions.get('support@example.com')!),
    );
    expect(result).toMatchObject({ ok: true, data: { token: expect.any(String), expiresAt: expect.any(String) } });
    const token = result.ok ? result.data.token : '';
    expect(token.split('.')).toHaveLength(3);
    const { rows } = await queryAudit(database.db, { action: 'agent.mint_token' }, { offset: 0, limit: 50 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ outcome: 'ok', targetIds: [agentId], params: { agentId, expiresInSeconds: 900 } });
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(token);
    // Not even its signature or payload part.
    for (const part of token.split('.').slice(1)) expect(everything).not.toContain(part);
  });
});

/**
 * job.plan's row above plans message jobs; the same action over users (bulk mark verified, an ops
 * action) is checked here: a row of its own would share job.plan's aggregated anonymous
 * refusals, so the checks that differ for user items are written out.
 */
describe('job.plan over users (bulk mark verified)', () => {
  let input: Record<string, unknown>;
  beforeAll(async () => {
    input = {
      action: 'user.set_verified',
      selection: { kind: 'ids', ids: [await firstUnverifiedUser(emulator, adminToken)] },
    };
  });

  it.each(['viewer', 'support'] as const)('is refused for %s, audited, with no call to the service', async (role) => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    expect(
      await serviceCallsDuring(
        async () =>
          (result = await executeAction(planJobAction, input, environment(sessions.get(`${role}@example.com`)!))),
      ),
    ).toBe(0);
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await latestAudit('job.plan')).toMatchObject({
      outcome: 'denied',
      operatorEmail: `${role}@example.com`,
      operatorRole: role,
    });
  });

  it.each([
    ['no selection', { action: 'user.set_verified' }],
    ['a dot-segment id', { action: 'user.set_verified', selection: { kind: 'ids', ids: ['..'] } }],
    [
      'a parameter',
      { action: 'user.set_verified', params: { status: 'verified' }, selection: { kind: 'ids', ids: ['usr_1'] } },
    ],
    ['an unknown user action', { action: 'user.set_unverified', selection: { kind: 'ids', ids: ['usr_1'] } }],
  ])('refuses %s as invalid, audited, with no call to the service', async (_label, malformed) => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    expect(
      await serviceCallsDuring(
        async () =>
          (result = await executeAction(planJobAction, malformed, environment(sessions.get('ops@example.com')!))),
      ),
    ).toBe(0);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await latestAudit('job.plan')).toMatchObject({ outcome: 'invalid', operatorRole: 'ops' });
  });

  it('goes through for ops with one read of the users, audited with the job it planned', async () => {
    let result: Awaited<ReturnType<typeof executeAction>> | undefined;
    expect(
      await serviceCallsDuring(
        async () => (result = await executeAction(planJobAction, input, environment(sessions.get('ops@example.com')!))),
      ),
    ).toBe(1);
    expect(result).toMatchObject({ ok: true, data: { action: 'user.set_verified', total: 1 } });
    const entry = await latestAudit('job.plan');
    expect(entry).toMatchObject({
      outcome: 'ok',
      operatorEmail: 'ops@example.com',
      operatorRole: 'ops',
      summary: 'planned 1 items',
    });
    expect(entry?.targetIds).toEqual([result?.ok ? (result.data as { jobId: string }).jobId : '']);
  });
});
