/**
 * The emulator's side of the accounts assumptions: the `member_id` filter on workspaces and
 * channels (contract/accounts.ts), and merges refused for deleted accounts as for merged ones.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { channelSchema, workspaceSchema } from '../../lib/upstream/contract';
import { MEMBER_FILTER } from '../../lib/upstream/contract/accounts';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
import { apiClient, expectError, resetEmulator, type ApiClient } from '../emulator/helpers';

let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000, rateLimitWrite: 1_000_000 });
  api = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());
afterEach(() => resetEmulator(emulator));

const world = () => emulator.database.world;
const someMember = () => {
  const user = [...world().users.rows()].find(
    (row) =>
      world().workspaceMembers.where('user_id', row.id).size > 1 &&
      world().channelMembers.where('user_id', row.id).size > 1,
  );
  if (!user) throw new Error('the seed has no user in several workspaces and channels');
  return user;
};

describe(`the ${MEMBER_FILTER} filter`, () => {
  it('lists exactly the workspaces the user is a member of', async () => {
    const user = someMember();
    const expected = [...world().workspaceMembers.where('user_id', user.id)]
      .map((member) => member.workspace_guid)
      .sort();
    const { rows, total } = await api.list('workspaces', { filter: { [MEMBER_FILTER]: user.id } }, workspaceSchema);
    expect(rows.map((row) => row.id).sort()).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('lists exactly the channels the user is a member of, and combines with other filters', async () => {
    const user = someMember();
    const memberships = [...world().channelMembers.where('user_id', user.id)];
    const { rows } = await api.list('channels', { filter: { [MEMBER_FILTER]: user.id } }, channelSchema);
    expect(rows.map((row) => row.id).sort()).toEqual(memberships.map((member) => member.channel_guid).sort());
    for (const row of rows) expect(row.json_collaborators?.some((member) => member.user_id === user.id)).toBe(true);
    const type = rows[0]!.type;
    const narrowed = await api.list('channels', { filter: { [MEMBER_FILTER]: user.id, type } }, channelSchema);
    expect(narrowed.rows.map((row) => row.id).sort()).toEqual(
      rows
        .filter((row) => row.type === type)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('lists nothing for an unknown user and refuses a value that is not an id', async () => {
    expect((await api.list('workspaces', { filter: { [MEMBER_FILTER]: 'usr_nobody' } }, z.unknown())).total).toBe(0);
    await expectError(
      await api.get(`/admin/ra/workspaces?filter=${encodeURIComponent(JSON.stringify({ [MEMBER_FILTER]: 7 }))}`),
      400,
      /member_id/,
    );
  });
});

describe('merging a deleted account', () => {
  it('is refused with 400, naming the side', async () => {
    const [source, target] = [...world().users.rows()].filter(
      (user) => user.account_type === 'human' && !user.merged_into && user.deleted_at === null,
    );
    world().users.update(source!, { deleted_at: Date.now() });
    await expectError(
      await api.request('POST', '/admin/users/merge', { source_user_id: source!.id, target_user_id: target!.id }),
      400,
      /^source_user_id: .*deleted/,
    );
    await expectError(
      await api.request('POST', '/admin/users/merge', { source_user_id: target!.id, target_user_id: source!.id }),
      400,
      /^target_user_id: .*deleted/,
    );
  });
});
