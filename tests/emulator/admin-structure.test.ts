/**
 * Channels (visibility, members), the orphan reports (derived from the data: they follow changes
 * to it) and domains (create, update, delete with validation), each read back after the change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  channelSchema,
  domainSchema,
  orphanedChannelListSchema,
  orphanedNotificationListSchema,
  type Channel,
} from '../../lib/upstream/contract';
import type { ChannelRow } from '../../emulator/seed/channels';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
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
const readChannel = (id: string) => api.read(`/admin/ra/channels/${id}`, channelSchema);
function channelWhere(predicate: (channel: ChannelRow) => boolean): ChannelRow {
  const channel = [...world().channels.rows()].find(predicate);
  if (!channel) throw new Error('no such channel in the seed');
  return channel;
}

describe('PUT /admin/ra/channels/{id}', () => {
  it('sets the visibility and answers the channel', async () => {
    const channel = channelWhere((row) => row.visibility === 'private' && row.type === 'namedConversation');
    for (const visibility of ['public', 'workspace', 'private'] as const) {
      const updated = await api.call('PUT', `/admin/ra/channels/${channel.id}`, channelSchema, { visibility });
      expect(updated.visibility).toBe(visibility);
      expect(await readChannel(channel.id)).toEqual(updated);
    }
    const publicOnes = async () =>
      (await api.list('channels', { filter: { visibility: 'public', id: [channel.id] } }, channelSchema)).total;
    expect(await publicOnes()).toBe(0);
    await api.call('PUT', `/admin/ra/channels/${channel.id}`, channelSchema, { visibility: 'public' });
    expect(await publicOnes()).toBe(1);
  });

  it('answers 400 for other values and 404 for unknown channels', async () => {
    const channel = channelWhere(() => true);
    for (const body of [{ visibility: 'secret' }, { visibility: null }, {}, { visibility: ['public'] }]) {
      await expectError(await api.request('PUT', `/admin/ra/channels/${channel.id}`, body), 400, /^visibility: /);
    }
    expect((await readChannel(channel.id)).visibility).toBe(channel.visibility);
    await expectError(await api.request('PUT', '/admin/ra/channels/chn_unknown', { visibility: 'public' }), 404);
  });
});

describe('PUT /admin/ra/channels/{channelId}/members/{userId}', () => {
  const memberOf = (channel: Channel, userId: string) =>
    channel.json_collaborators?.find((member) => member.user_id === userId);

  it('changes the role and the membership status, together or apart', async () => {
    const channel = channelWhere((row) => world().channelMembers.where('channel_guid', row.id).size >= 2);
    const member = [...world().channelMembers.where('channel_guid', channel.id)].find((row) => row.role !== 'owner');
    if (!member) throw new Error('no member');
    const path = `/admin/ra/channels/${channel.id}/members/${member.user_id}`;

    const roleOnly = await api.call('PUT', path, channelSchema, { role: 'guest' });
    expect(memberOf(roleOnly, member.user_id)).toMatchObject({ role: 'guest', status: member.status });
    const statusOnly = await api.call('PUT', path, channelSchema, { status: 'removed' });
    expect(memberOf(statusOnly, member.user_id)).toMatchObject({ role: 'guest', status: 'removed' });
    const both = await api.call('PUT', path, channelSchema, { role: 'admin', status: 'active' });
    expect(memberOf(both, member.user_id)).toMatchObject({ role: 'admin', status: 'active' });
    expect(memberOf(await readChannel(channel.id), member.user_id)).toMatchObject({ role: 'admin', status: 'active' });
    expect(both.json_collaborators).toHaveLength(world().channelMembers.where('channel_guid', channel.id).size);
  });

  it('answers 400 for bad bodies and 404 for unknown channels, users and non-members', async () => {
    const channel = channelWhere((row) => world().channelMembers.where('channel_guid', row.id).size >= 1);
    const member = [...world().channelMembers.where('channel_guid', channel.id)][0];
    const outsider = [...world().users.rows()].find((user) => !world().channelMembers.has(`${channel.id}/${user.id}`));
    if (!member || !outsider) throw new Error('no member or outsider');
    const path = `/admin/ra/channels/${channel.id}/members/${member.user_id}`;
    await expectError(await api.request('PUT', path, {}), 400, /role or status/);
    await expectError(await api.request('PUT', path, { role: 'superuser' }), 400, /^role: /);
    await expectError(await api.request('PUT', path, { status: 'banned' }), 400, /^status: /);
    await expectError(
      await api.request('PUT', `/admin/ra/channels/chn_unknown/members/${member.user_id}`, { role: 'guest' }),
      404,
    );
    await expectError(
      await api.request('PUT', `/admin/ra/channels/${channel.id}/members/usr_unknown`, { role: 'guest' }),
      404,
      /no user/,
    );
    await expectError(
      await api.request('PUT', `/admin/ra/channels/${channel.id}/members/${outsider.id}`, { role: 'guest' }),
      404,
      /not a member/,
    );
    expect(
      (await readChannel(channel.id)).json_collaborators?.find((row) => row.user_id === member.user_id)?.role,
    ).toBe(member.role);
  });
});

describe('orphan reports', () => {
  it('GET /admin/orphanedChannels answers channels whose workspace or owner is missing, and follows the data', async () => {
    const orphans = await api.read('/admin/orphanedChannels', orphanedChannelListSchema);
    expect(orphans.length).toBeGreaterThan(0);
    for (const orphan of orphans) {
      const workspace = orphan.workspace_guid ? world().workspaces.get(orphan.workspace_guid) : undefined;
      const workspaceMissing = !workspace || workspace.deleted_at !== null;
      const ownerMissing =
        orphan.owner_guid !== null && orphan.owner_guid !== undefined && !world().users.has(orphan.owner_guid);
      expect(orphan.dangling_references.sort()).toEqual(
        [...(ownerMissing ? ['owner_guid'] : []), ...(workspaceMissing ? ['workspace_guid'] : [])].sort(),
      );
    }
    const sound = [...world().channels.rows()].filter((channel) => !orphans.some((orphan) => orphan.id === channel.id));
    expect(
      sound.every(
        (channel) => channel.workspace_guid && world().workspaces.get(channel.workspace_guid)?.deleted_at === null,
      ),
    ).toBe(true);

    const channel = sound[0] as ChannelRow;
    world().channels.update(channel, { workspace_guid: 'wsp_purged_by_test' });
    const after = await api.read('/admin/orphanedChannels', orphanedChannelListSchema);
    expect(after.find((orphan) => orphan.id === channel.id)?.dangling_references).toContain('workspace_guid');
  });

  it('GET /admin/orphanedNotifications answers notifications pointing at missing records, and follows the data', async () => {
    const orphans = await api.read('/admin/orphanedNotifications', orphanedNotificationListSchema);
    expect(new Set(orphans.flatMap((orphan) => orphan.dangling_references))).toEqual(
      new Set(['user_id', 'workspace_id', 'channel_id', 'message_id']),
    );
    for (const orphan of orphans) {
      if (orphan.dangling_references.includes('message_id'))
        expect(world().messages.has(orphan.message_id ?? '')).toBe(false);
      if (!orphan.dangling_references.includes('user_id')) expect(world().users.has(orphan.user_id)).toBe(true);
    }
    const sound = [...world().notifications.rows()].find(
      (notification) => !orphans.some((orphan) => orphan.id === notification.id) && notification.message_id,
    );
    const message = sound?.message_id ? world().messages.get(sound.message_id) : undefined;
    if (!sound || !message) throw new Error('no sound notification');
    world().messages.delete(message);
    const after = await api.read('/admin/orphanedNotifications', orphanedNotificationListSchema);
    expect(after.find((orphan) => orphan.id === sound.id)?.dangling_references).toEqual(['message_id']);
  });
});

describe('domains', () => {
  const liveWorkspace = () =>
    [...world().workspaces.rows()].find((workspace) => workspace.deleted_at === null) as { id: string };
  const deletedWorkspace = () =>
    [...world().workspaces.rows()].find((workspace) => workspace.deleted_at !== null) as { id: string };

  it('POST creates a domain that reads back and lists', async () => {
    const workspace = liveWorkspace();
    const created = await api.call('POST', '/admin/ra/domains', domainSchema, {
      domain: 'voice.northwind.example',
      workspace_guid: workspace.id,
    });
    expect(created).toMatchObject({
      domain: 'voice.northwind.example',
      workspace_guid: workspace.id,
      updated_at: null,
    });
    expect(created.id).toMatch(/^dom_[0-9a-f]{20}$/);
    expect(await api.read(`/admin/ra/domains/${created.id}`, domainSchema)).toEqual(created);
    const listed = await api.list('domains', { filter: { domain: 'voice.northwind.example' } }, domainSchema);
    expect(listed.rows).toEqual([created]);
  });

  it('POST validates hostname syntax, case, uniqueness and the workspace', async () => {
    const workspace = liveWorkspace();
    const taken = [...world().domains.rows()][0]?.domain as string;
    const create = (body: unknown) => api.request('POST', '/admin/ra/domains', body);
    const invalid: Array<[string, RegExp]> = [
      ['Voice.Example.com', /lowercase/],
      ['nodot', /two labels/],
      ['-bad.example', /labels/],
      ['bad-.example', /labels/],
      ['a..example', /labels/],
      ['exa mple.com', /labels/],
      ['under_score.example', /labels/],
      [`${'x'.repeat(64)}.example`, /labels/],
      ['10.0.0.1', /numeric/],
      [`${'abc.'.repeat(63)}example`, /253/],
    ];
    for (const [domain, message] of invalid) {
      await expectError(await create({ domain, workspace_guid: workspace.id }), 400, message);
    }
    await expectError(await create({ domain: taken, workspace_guid: workspace.id }), 409, /already claimed/);
    await expectError(
      await create({ domain: 'fresh.example', workspace_guid: 'wsp_unknown' }),
      400,
      /^workspace_guid: /,
    );
    await expectError(await create({ domain: 'fresh.example', workspace_guid: deletedWorkspace().id }), 400, /deleted/);
    await expectError(await create({ domain: 'fresh.example' }), 400, /^workspace_guid: /);
    await expectError(await create({ domain: 42, workspace_guid: workspace.id }), 400, /^domain: /);
    expect((await api.list('domains', { filter: { domain: 'fresh.example' } }, domainSchema)).total).toBe(0);
    expect((await api.list('domains', {}, domainSchema)).total).toBe(world().domains.size);
  });

  it("PUT changes a domain, refusing another one's name; DELETE removes it", async () => {
    const [first, second] = [...world().domains.rows()];
    if (!first || !second) throw new Error('not enough domains');
    const workspace = liveWorkspace();
    const updated = await api.call('PUT', `/admin/ra/domains/${first.id}`, domainSchema, {
      domain: 'renamed.example',
      workspace_guid: workspace.id,
    });
    expect(updated).toMatchObject({ id: first.id, domain: 'renamed.example', workspace_guid: workspace.id });
    expect(updated.updated_at).toEqual(expect.any(String));
    expect(await api.read(`/admin/ra/domains/${first.id}`, domainSchema)).toEqual(updated);
    // Its own name again is no conflict.
    await api.call('PUT', `/admin/ra/domains/${first.id}`, domainSchema, {
      domain: 'renamed.example',
      workspace_guid: workspace.id,
    });
    await expectError(
      await api.request('PUT', `/admin/ra/domains/${first.id}`, {
        domain: second.domain,
        workspace_guid: workspace.id,
      }),
      409,
    );
    await expectError(
      await api.request('PUT', '/admin/ra/domains/dom_unknown', { domain: 'x.example', workspace_guid: workspace.id }),
      404,
    );

    const deleted = await api.call('DELETE', `/admin/ra/domains/${first.id}`, domainSchema);
    expect(deleted).toMatchObject({ id: first.id, domain: 'renamed.example' });
    await expectError(await api.get(`/admin/ra/domains/${first.id}`), 404);
    await expectError(await api.request('DELETE', `/admin/ra/domains/${first.id}`), 404);
    // The name is free again.
    await api.call('POST', '/admin/ra/domains', domainSchema, {
      domain: 'renamed.example',
      workspace_guid: workspace.id,
    });
  });
});
