/**
 * Users and workspaces: info, active users, merging (both accounts read back, and everything that
 * moved), verification, payment plans, the current user's workspaces, workspace members and
 * owner, and the users not in a workspace.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  agentSchema,
  channelSchema,
  mergeUsersResultSchema,
  messageSchema,
  paymentPlanSummarySchema,
  setUserVerifiedAnswerSchema,
  setWorkspaceOwnerResultSchema,
  userListSchema,
  userSchema,
  workspaceListSchema,
  workspaceSchema,
  workspaceUserListSchema,
} from '../../lib/upstream/contract';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import type { UserRow } from '../../emulator/seed/users';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, consoleClientOf, signIn, startTestEmulator } from '../support/emulator';
import { apiClient, expectError, resetEmulator, type ApiClient } from './helpers';

let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000, rateLimitWrite: 1_000_000 });
  api = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());
afterEach(() => resetEmulator(emulator));

const world = () => emulator.database.world;
const humans = () => [...world().users.rows()].filter((user) => user.account_type === 'human' && !user.merged_into);
const membershipsOf = (userId: string) => [...world().workspaceMembers.where('user_id', userId)];
const readUser = (id: string) => api.read(`/admin/ra/users/${id}`, userSchema);

describe('GET /admin/users/info', () => {
  it('answers the users asked for, in order, leaving unknown ids out', async () => {
    const ids = [DEMO_ACCOUNTS.viewer.id, 'usr_unknown', DEMO_ACCOUNTS.ops.id, DEMO_ACCOUNTS.viewer.id];
    const users = await api.read(`/admin/users/info?users=${ids.join(',')}`, userListSchema);
    expect(users.map((user) => user.id)).toEqual([DEMO_ACCOUNTS.viewer.id, DEMO_ACCOUNTS.ops.id]);
    expect(users[1]).toEqual(await readUser(DEMO_ACCOUNTS.ops.id));
  });

  it('answers 400 without ids or with more than 500', async () => {
    await expectError(await api.get('/admin/users/info'), 400, /^users: .*required/);
    await expectError(await api.get('/admin/users/info?users=,,'), 400, /^users: /);
    const many = Array.from({ length: 501 }, (_, index) => `usr_${index}`).join(',');
    await expectError(await api.get(`/admin/users/info?users=${many}`), 400, /^users: /);
  });
});

describe('GET /admin/users/active', () => {
  it('answers live accounts active in the last 30 days of the data, most recent first', async () => {
    const users = await api.read('/admin/users/active', userListSchema);
    const since = world().reference - 30 * 24 * 60 * 60 * 1000;
    const expected = [...world().users.rows()].filter(
      (user) =>
        !user.merged_into && user.deleted_at === null && user.last_active_at !== null && user.last_active_at >= since,
    );
    expect(users.map((user) => user.id).sort()).toEqual(expected.map((user) => user.id).sort());
    expect(users.map((user) => user.id)).toContain(DEMO_ACCOUNTS.ops.id);
    const times = users.map((user) => Date.parse(user.last_active_at ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('POST /admin/users/merge', () => {
  /** A human with agents, messages and memberships, and another sharing a workspace with them. */
  function mergePair(): { source: UserRow; target: UserRow; sharedWorkspace: string | undefined } {
    const candidates = humans().filter(
      (user) => !Object.values(DEMO_ACCOUNTS).some((demo) => demo.id === user.id) && membershipsOf(user.id).length > 0,
    );
    const source =
      candidates.find(
        (user) =>
          world().users.where('creator_id', user.id).size > 0 &&
          world().messages.where('creator_guid', user.id).size > 0,
      ) ?? candidates[0];
    if (!source) throw new Error('no merge candidate');
    const sourceWorkspaces = new Set(membershipsOf(source.id).map((member) => member.workspace_guid));
    const target =
      candidates.find(
        (user) =>
          user.id !== source.id && membershipsOf(user.id).some((member) => sourceWorkspaces.has(member.workspace_guid)),
      ) ?? (candidates.find((user) => user.id !== source.id) as UserRow);
    const sharedWorkspace = membershipsOf(target.id).find((member) =>
      sourceWorkspaces.has(member.workspace_guid),
    )?.workspace_guid;
    return { source, target, sharedWorkspace };
  }

  const totalOf = async (entity: string, filter: Record<string, unknown>) =>
    (await api.list(entity, { filter, range: { start: 0, end: 0 } }, z.unknown())).total;

  it('moves workspaces, memberships, messages and agents to the target and marks the source merged', async () => {
    const { source, target, sharedWorkspace } = mergePair();
    const before = {
      sourceMessages: await totalOf('messages', { creator_guid: source.id }),
      targetMessages: await totalOf('messages', { creator_guid: target.id }),
      sourceAgents: await totalOf('agents', { creator_id: source.id }),
      targetAgents: await totalOf('agents', { creator_id: target.id }),
      sourceWorkspaces: await totalOf('workspaces', { owner_guid: source.id }),
      sourceMemberships: membershipsOf(source.id).length + world().channelMembers.where('user_id', source.id).size,
      sourceChannel: [...world().channelMembers.where('user_id', source.id)][0]?.channel_guid,
    };
    const targetBefore = await readUser(target.id);

    const result = await api.call('POST', '/admin/users/merge', mergeUsersResultSchema, {
      source_user_id: source.id,
      target_user_id: target.id,
    });
    expect(result).toMatchObject({
      success: true,
      source_user_id: source.id,
      target_user_id: target.id,
      moved: {
        messages: before.sourceMessages,
        agents: before.sourceAgents,
        workspaces: before.sourceWorkspaces,
        memberships: before.sourceMemberships,
      },
    });
    expect(before.sourceMessages + before.sourceAgents + before.sourceMemberships).toBeGreaterThan(0);

    expect(await readUser(source.id)).toMatchObject({ id: source.id, merged_into: target.id });
    expect(await readUser(target.id)).toEqual(targetBefore);
    expect(await totalOf('messages', { creator_guid: source.id })).toBe(0);
    expect(await totalOf('messages', { creator_guid: target.id })).toBe(before.targetMessages + before.sourceMessages);
    expect(await totalOf('agents', { creator_id: source.id })).toBe(0);
    const agents = await api.list('agents', { filter: { creator_id: target.id } }, agentSchema);
    expect(agents.total).toBe(before.targetAgents + before.sourceAgents);
    expect(await totalOf('workspaces', { owner_guid: source.id })).toBe(0);
    expect(await totalOf('users', { merged_into: target.id })).toBeGreaterThanOrEqual(1);

    if (sharedWorkspace) {
      const members = await api.read(
        `/admin/workspace/users?workspace_guid=${sharedWorkspace}`,
        workspaceUserListSchema,
      );
      expect(members.map((member) => member.id)).toContain(target.id);
      expect(members.map((member) => member.id)).not.toContain(source.id);
    }
    if (before.sourceChannel) {
      const channel = await api.read(`/admin/ra/channels/${before.sourceChannel}`, channelSchema);
      const ids = channel.json_collaborators?.map((member) => member.user_id) ?? [];
      expect(ids).toContain(target.id);
      expect(ids).not.toContain(source.id);
    }
  });

  it('answers 400 for self-merge, unknown ids, merged accounts and agents, changing nothing', async () => {
    const { source, target } = mergePair();
    const agent = [...world().users.where('account_type', 'agent')][0] as UserRow;
    const merged = [...world().users.rows()].find((user) => user.merged_into) as UserRow;
    const merge = (body: unknown) => api.request('POST', '/admin/users/merge', body);
    await expectError(await merge({ source_user_id: source.id, target_user_id: source.id }), 400, /itself/);
    await expectError(
      await merge({ source_user_id: 'usr_unknown', target_user_id: target.id }),
      400,
      /^source_user_id: /,
    );
    await expectError(
      await merge({ source_user_id: source.id, target_user_id: 'usr_unknown' }),
      400,
      /^target_user_id: /,
    );
    await expectError(await merge({ source_user_id: merged.id, target_user_id: target.id }), 400, /already merged/);
    await expectError(
      await merge({ source_user_id: source.id, target_user_id: merged.id }),
      400,
      /^target_user_id: merged/,
    );
    await expectError(await merge({ source_user_id: agent.id, target_user_id: target.id }), 400, /human/);
    await expectError(await merge({ source_user_id: source.id }), 400, /^target_user_id: /);
    await expectError(await merge({ source_user_id: 7, target_user_id: target.id }), 400, /^source_user_id: /);
    await expectError(await merge('{"source_user_id":'), 400, /JSON/);
    await expectError(await merge('[]'), 400);
    await expectError(
      await api.request('POST', '/admin/users/merge', 'x=1', { 'Content-Type': 'application/x-www-form-urlencoded' }),
      415,
    );
    expect((await readUser(source.id)).merged_into).toBeNull();

    await api.call('POST', '/admin/users/merge', mergeUsersResultSchema, {
      source_user_id: source.id,
      target_user_id: target.id,
    });
    await expectError(await merge({ source_user_id: source.id, target_user_id: target.id }), 400, /already merged/);
  });
});

describe('PUT /admin/user/set_verified/{id}', () => {
  it('marks the user verified, idempotently', async () => {
    const unverified = humans().find((user) => !user.verified) as UserRow;
    expect((await readUser(unverified.id)).verified).toBe(false);
    const first = await api.call('PUT', `/admin/user/set_verified/${unverified.id}`, setUserVerifiedAnswerSchema);
    expect(first.user).toMatchObject({ id: unverified.id, verified: true });
    expect(await readUser(unverified.id)).toEqual(first.user);
    const second = await api.call('PUT', `/admin/user/set_verified/${unverified.id}`, setUserVerifiedAnswerSchema);
    expect(second).toEqual(first);
    await expectError(await api.request('PUT', '/admin/user/set_verified/usr_unknown'), 404);
  });
});

describe('GET /admin/user/payment-plans/{user_id}', () => {
  it('answers the plan of a paying user, free for others, 404 for unknown users', async () => {
    const plan = [...world().paymentPlans.rows()][0];
    if (!plan) throw new Error('the seed has no payment plans');
    expect(await api.read(`/admin/user/payment-plans/${plan.id}`, paymentPlanSummarySchema)).toMatchObject({
      user_id: plan.id,
      plan: plan.plan,
      status: plan.status,
      seats: plan.seats,
    });
    const free = humans().find((user) => !world().paymentPlans.has(user.id)) as UserRow;
    expect(await api.read(`/admin/user/payment-plans/${free.id}`, paymentPlanSummarySchema)).toEqual({
      user_id: free.id,
      plan: 'free',
      status: 'active',
      seats: null,
      renews_at: null,
    });
    await expectError(await api.get('/admin/user/payment-plans/usr_unknown'), 404);
  });
});

describe('workspaces', () => {
  it("GET /admin/workspaces answers the signed-in user's workspaces with their role", async () => {
    const tokens = await signIn(consoleClientOf(emulator), { email: DEMO_ACCOUNTS.ops.email });
    const ops = apiClient(emulator, tokens.access_token);
    const workspaces = await ops.read('/admin/workspaces', workspaceListSchema);
    const expected = membershipsOf(DEMO_ACCOUNTS.ops.id);
    expect(workspaces.map((workspace) => workspace.id).sort()).toEqual(
      expected.map((member) => member.workspace_guid).sort(),
    );
    expect(
      workspaces.some((workspace) => workspace.role_cd === 'owner' && workspace.owner_guid === DEMO_ACCOUNTS.ops.id),
    ).toBe(true);
    await expectError(await api.get('/admin/workspaces'), 403, /signed-in user/);
  });

  it('GET /admin/workspace/users answers the members with their roles', async () => {
    const workspace = [...world().workspaces.rows()][0];
    if (!workspace) throw new Error('no workspaces');
    const members = await api.read(`/admin/workspace/users?workspace_guid=${workspace.id}`, workspaceUserListSchema);
    const expected = [...world().workspaceMembers.where('workspace_guid', workspace.id)];
    expect(members.map((member) => [member.id, member.role_cd]).sort()).toEqual(
      expected.map((member) => [member.user_id, member.role_cd]).sort(),
    );
    await expectError(await api.get('/admin/workspace/users'), 400, /^workspace_guid: /);
    await expectError(await api.get('/admin/workspace/users?workspace_guid=wsp_unknown'), 404);
  });

  it('PUT /admin/workspace/owner hands the workspace to a member, the old owner stays as admin', async () => {
    const workspace = [...world().workspaces.rows()].find(
      (row) => row.deleted_at === null && row.type_cd !== 'agent' && row.owner_guid,
    );
    if (!workspace?.owner_guid) throw new Error('no workspace');
    const previousOwner = workspace.owner_guid;
    const member = [...world().workspaceMembers.where('workspace_guid', workspace.id)].find(
      (row) => row.user_id !== previousOwner,
    );
    const outsider = humans().find((user) => !world().workspaceMembers.has(`${workspace.id}/${user.id}`));
    if (!member || !outsider) throw new Error('no member or outsider');

    const setOwner = (body: unknown) => api.request('PUT', '/admin/workspace/owner', body);
    await expectError(await setOwner({ workspace_guid: workspace.id, user_guid: outsider.id }), 400, /not a member/);
    await expectError(await setOwner({ workspace_guid: workspace.id, user_guid: 'usr_unknown' }), 400, /no user/);
    await expectError(await setOwner({ workspace_guid: 'wsp_unknown', user_guid: member.user_id }), 404);
    await expectError(await setOwner({ workspace_guid: workspace.id }), 400, /^user_guid: /);
    expect((await api.read(`/admin/ra/workspaces/${workspace.id}`, workspaceSchema)).owner_guid).toBe(previousOwner);

    const result = await api.call('PUT', '/admin/workspace/owner', setWorkspaceOwnerResultSchema, {
      workspace_guid: workspace.id,
      user_guid: member.user_id,
    });
    expect(result.workspace.owner_guid).toBe(member.user_id);
    expect(await api.read(`/admin/ra/workspaces/${workspace.id}`, workspaceSchema)).toEqual(result.workspace);
    const members = await api.read(`/admin/workspace/users?workspace_guid=${workspace.id}`, workspaceUserListSchema);
    expect(members.find((row) => row.id === member.user_id)?.role_cd).toBe('owner');
    expect(members.find((row) => row.id === previousOwner)?.role_cd).toBe('admin');
  });

  it('GET /admin/noworkspace and /admin/idpProviderNotInWorkspace answer who is not in it', async () => {
    const workspace = [...world().workspaces.rows()][0];
    if (!workspace) throw new Error('no workspaces');
    const members = new Set(
      [...world().workspaceMembers.where('workspace_guid', workspace.id)].map((member) => member.user_id),
    );
    const outside = await api.read(`/admin/noworkspace/${workspace.id}`, userListSchema);
    const expected = [...world().users.rows()].filter(
      (user) => !members.has(user.id) && !user.merged_into && user.deleted_at === null,
    );
    expect(outside.map((user) => user.id).sort()).toEqual(expected.map((user) => user.id).sort());

    const viaProvider = await api.read(`/admin/idpProviderNotInWorkspace/${workspace.id}`, userListSchema);
    expect(viaProvider.length).toBeGreaterThan(0);
    expect(viaProvider.every((user) => Boolean(user.idp_provider) && !members.has(user.id))).toBe(true);
    expect(viaProvider.map((user) => user.id).sort()).toEqual(
      expected
        .filter((user) => user.idp_provider)
        .map((user) => user.id)
        .sort(),
    );
    await expectError(await api.get('/admin/noworkspace/wsp_unknown'), 404);
    await expectError(await api.get('/admin/idpProviderNotInWorkspace/wsp_unknown'), 404);
  });
});

describe('the answers follow the state', () => {
  it('lists the messages of a merged source under the target', async () => {
    const source = humans().find(
      (user) => world().messages.where('creator_guid', user.id).size > 0 && membershipsOf(user.id).length > 0,
    );
    const target = humans().find((user) => user.id !== source?.id);
    if (!source || !target) throw new Error('no users');
    const message = [...world().messages.where('creator_guid', source.id)][0];
    await api.call('POST', '/admin/users/merge', mergeUsersResultSchema, {
      source_user_id: source.id,
      target_user_id: target.id,
    });
    expect((await api.read(`/admin/ra/messages/${message?.id}`, messageSchema)).creator_guid).toBe(target.id);
  });
});
