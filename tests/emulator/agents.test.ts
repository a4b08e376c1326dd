/**
 * /agents with the spec's root-human rules: people manage their agents, agents their siblings;
 * new agents always belong to the root human; 403 outside the caller's scope. Agent tokens are
 * JWTs carrying user_id and creator_id.
 */
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agentSchema,
  createdAgentTokenSchema,
  listAgentsResponseSchema,
  userSchema,
  workspaceSchema,
  type Agent,
} from '../../lib/upstream/contract';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, consoleClientOf, signIn, startTestEmulator } from '../support/emulator';
import { apiClient, expectError, resetEmulator, type ApiClient } from './helpers';

let emulator: RunningEmulator;
let ops: ApiClient;
let support: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000, rateLimitWrite: 1_000_000 });
  const target = consoleClientOf(emulator);
  ops = apiClient(emulator, (await signIn(target, { email: DEMO_ACCOUNTS.ops.email })).access_token);
  support = apiClient(emulator, (await signIn(target, { email: DEMO_ACCOUNTS.support.email })).access_token);
  admin = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());
afterEach(() => resetEmulator(emulator));

const createAgent = (client: ApiClient, name: string, email?: string) =>
  client.call('POST', '/agents', agentSchema, email === undefined ? { name } : { name, email });
const listAgents = (client: ApiClient, query = '') => client.read(`/agents${query}`, listAgentsResponseSchema);
const mintToken = (client: ApiClient, agentId: string, body: unknown = {}) =>
  client.call('POST', `/agents/${agentId}/tokens`, createdAgentTokenSchema, body);
async function agentClient(owner: ApiClient, agentId: string): Promise<ApiClient> {
  return apiClient(emulator, (await mintToken(owner, agentId)).token);
}

describe('people and their agents', () => {
  it('POST /agents creates an agent owned by the caller, with its own workspace', async () => {
    const agent = await createAgent(ops, 'Standup Summarizer <b>bold</b>');
    expect(agent).toMatchObject({
      creator_id: DEMO_ACCOUNTS.ops.id,
      name: 'Standup Summarizer <b>bold</b>',
      deleted_at: null,
    });
    expect(agent.workspace_guids).toHaveLength(1);
    expect(await ops.read(`/agents/${agent.id}`, agentSchema)).toEqual(agent);
    expect(await admin.read(`/admin/ra/agents/${agent.id}`, agentSchema)).toEqual(agent);
    const workspace = await admin.read(`/admin/ra/workspaces/${agent.workspace_guids?.[0]}`, workspaceSchema);
    expect(workspace).toMatchObject({ owner_guid: agent.id, type_cd: 'agent', deleted_at: null });

    const named = await createAgent(ops, 'Mailer', 'Mailer.Bot@agents.example.com');
    expect(named.email).toBe('Mailer.Bot@agents.example.com');
    // The spec lists 200 and 403 for POST /agents: an address of another account is a 403.
    await expectError(
      await ops.request('POST', '/agents', { name: 'Again', email: 'mailer.bot@agents.example.com' }),
      403,
      /another account/,
    );
    await expectError(await ops.request('POST', '/agents', { name: 'Human', email: DEMO_ACCOUNTS.viewer.email }), 403);
    await expectError(await ops.request('POST', '/agents', { name: 'Bad', email: 'not an address' }), 400, /^email: /);
    await expectError(await ops.request('POST', '/agents', { name: '' }), 400, /^name: /);
    await expectError(await ops.request('POST', '/agents', {}), 400, /^name: /);
    await expectError(await ops.request('POST', '/agents', '{"name":'), 400, /JSON/);
  });

  it("GET /agents lists the caller's live agents only, paged and ordered by direction and date", async () => {
    const created: Agent[] = [];
    for (const name of ['First', 'Second', 'Third']) created.push(await createAgent(ops, name));
    await createAgent(support, 'Not yours');
    const owned = [...emulator.database.world.users.where('creator_id', DEMO_ACCOUNTS.ops.id)].filter(
      (user) => user.account_type === 'agent' && user.deleted_at === null,
    );

    const all = await listAgents(ops, '?limit=100');
    expect(all.total).toBe(owned.length);
    expect(all.agents.map((agent) => agent.id).sort()).toEqual(owned.map((user) => user.id).sort());
    expect(all.agents.every((agent) => agent.creator_id === DEMO_ACCOUNTS.ops.id)).toBe(true);
    const times = all.agents.map((agent) => Date.parse(agent.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const older = await listAgents(ops, '?direction=older&limit=2');
    expect(older.agents.map((agent) => agent.id)).toEqual(
      [...all.agents]
        .reverse()
        .slice(0, 2)
        .map((agent) => agent.id),
    );
    const page = await listAgents(ops, '?direction=older&limit=1&skip=1');
    expect(page.agents.map((agent) => agent.id)).toEqual([older.agents[1]?.id]);
    expect(page.total).toBe(all.total);

    const cursor = created[1]?.created_at as string;
    const newer = await listAgents(ops, `?direction=newer&date=${encodeURIComponent(cursor)}`);
    expect(newer.agents.every((agent) => Date.parse(agent.created_at) > Date.parse(cursor))).toBe(true);
    const before = await listAgents(ops, `?direction=older&date=${encodeURIComponent(cursor)}`);
    expect(before.agents.every((agent) => Date.parse(agent.created_at) < Date.parse(cursor))).toBe(true);
    expect((await listAgents(ops, '?limit=')).agents.length).toBe(Math.min(50, owned.length));

    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?skip=-1',
      '?skip=1.5',
      '?direction=sideways',
      '?date=someday',
    ]) {
      await expectError(await ops.get(`/agents${query}`), 400);
    }
  });

  it("answers 403, as the spec lists, for another person's agent, unknown ids and people, changing nothing", async () => {
    const theirs = await createAgent(support, 'Support Bot');
    await expectError(await ops.get(`/agents/${theirs.id}`), 403);
    await expectError(await ops.request('DELETE', `/agents/${theirs.id}`), 403);
    await expectError(await ops.request('POST', `/agents/${theirs.id}/tokens`, {}), 403);
    expect((await support.read(`/agents/${theirs.id}`, agentSchema)).deleted_at).toBeNull();
    for (const id of ['usr_unknown', DEMO_ACCOUNTS.viewer.id, DEMO_ACCOUNTS.ops.id]) {
      await expectError(await ops.get(`/agents/${id}`), 403);
      await expectError(await ops.request('DELETE', `/agents/${id}`), 403);
      await expectError(await ops.request('POST', `/agents/${id}/tokens`, {}), 403);
    }
    expect((await admin.read(`/admin/ra/users/${DEMO_ACCOUNTS.viewer.id}`, userSchema)).deleted_at ?? null).toBeNull();
  });

  it('DELETE /agents/{id} soft-deletes the agent and its workspaces', async () => {
    const agent = await createAgent(ops, 'Short-lived');
    const response = await ops.request('DELETE', `/agents/${agent.id}`);
    expect(response.status).toBe(204);
    // Still the caller's agent: read with its deletion, but no longer listed and given no token.
    expect((await ops.read(`/agents/${agent.id}`, agentSchema)).deleted_at).toEqual(expect.any(String));
    await expectError(await ops.request('POST', `/agents/${agent.id}/tokens`, {}), 403, /deleted/);
    expect((await listAgents(ops, '?limit=100')).agents.map((row) => row.id)).not.toContain(agent.id);
    const record = await admin.read(`/admin/ra/agents/${agent.id}`, agentSchema);
    expect(record.deleted_at).toEqual(expect.any(String));
    for (const workspaceGuid of agent.workspace_guids ?? []) {
      expect((await admin.read(`/admin/ra/workspaces/${workspaceGuid}`, workspaceSchema)).deleted_at).toEqual(
        expect.any(String),
      );
    }
    const deletedAt = (await ops.read(`/agents/${agent.id}`, agentSchema)).deleted_at;
    expect((await ops.request('DELETE', `/agents/${agent.id}`)).status).toBe(204);
    expect((await ops.read(`/agents/${agent.id}`, agentSchema)).deleted_at).toBe(deletedAt);
  });

  it('refuses tokens that belong to no person, and requests without a token', async () => {
    await expectError(await admin.get('/agents'), 403, /user or agent token/);
    await expectError(await admin.request('POST', '/agents', { name: 'x' }), 403);
    await expectError(await fetch(new URL('/agents', emulator.url)), 401);
  });
});

describe('agent tokens', () => {
  it('POST /agents/{id}/tokens mints a short-lived JWT with user_id and creator_id', async () => {
    const agent = await createAgent(ops, 'Token holder');
    const before = Math.floor(Date.now() / 1000);
    const minted = await mintToken(ops, agent.id);
    expect(minted.expires_in).toBe(900);
    const claims = decodeJwt(minted.token);
    expect(claims).toMatchObject({
      user_id: agent.id,
      creator_id: DEMO_ACCOUNTS.ops.id,
      sub: agent.id,
      iss: emulator.issuer,
    });
    expect(claims.exp).toBeGreaterThanOrEqual(before + 900);
    expect(claims.exp).toBeLessThanOrEqual(before + 901);
    expect(Date.parse(minted.expires_at)).toBe((claims.exp as number) * 1000);

    expect((await mintToken(ops, agent.id, { expires_in: 120 })).expires_in).toBe(120);
    for (const body of [{ expires_in: 30 }, { expires_in: 7200 }, { expires_in: '600' }]) {
      await expectError(await ops.request('POST', `/agents/${agent.id}/tokens`, body), 400, /^expires_in: /);
    }
  });

  it('lets an agent manage its siblings, and gives its new agents to the root human', async () => {
    const caller = await createAgent(ops, 'Caller');
    const sibling = await createAgent(ops, 'Sibling');
    const theirs = await createAgent(support, 'Stranger');
    const asAgent = await agentClient(ops, caller.id);

    const listed = await listAgents(asAgent, '?limit=100');
    expect(listed.agents.map((agent) => agent.id)).toEqual(expect.arrayContaining([caller.id, sibling.id]));
    expect(listed.agents.every((agent) => agent.creator_id === DEMO_ACCOUNTS.ops.id)).toBe(true);
    expect((await asAgent.read(`/agents/${sibling.id}`, agentSchema)).id).toBe(sibling.id);

    const child = await createAgent(asAgent, 'Made by an agent');
    expect(child.creator_id).toBe(DEMO_ACCOUNTS.ops.id);
    const siblingToken = await mintToken(asAgent, sibling.id);
    expect(decodeJwt(siblingToken.token)).toMatchObject({ user_id: sibling.id, creator_id: DEMO_ACCOUNTS.ops.id });

    await expectError(await asAgent.get(`/agents/${theirs.id}`), 403);
    await expectError(await asAgent.get('/admin/ra/users'), 401);
    await expectError(await asAgent.get('/identity'), 401);
  });

  it('stop working once their agent is deleted, and never work when tampered with', async () => {
    const agent = await createAgent(ops, 'Doomed');
    const minted = await mintToken(ops, agent.id);
    const asAgent = apiClient(emulator, minted.token);
    expect((await asAgent.get('/agents')).status).toBe(200);
    const [header, payload, signature] = minted.token.split('.');
    const forged = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as Record<string, unknown>;
    forged.creator_id = DEMO_ACCOUNTS.support.id;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expectError(await apiClient(emulator, tampered).get('/agents'), 401);

    await ops.request('DELETE', `/agents/${agent.id}`);
    await expectError(await asAgent.get('/agents'), 401, /no longer exists/);
  });
});
