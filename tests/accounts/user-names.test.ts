/**
 * Names for the user ids a table shows (lib/accounts/user-names.ts): one batch read of
 * /admin/users/info for the whole page, never one call per row; the references of orphan report
 * rows that still exist are the ones named; a failed read leaves the ids as they are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountName } from '@/lib/accounts/merge-preview';
import { existingUserReferences, readUserNames } from '@/lib/accounts/user-names';
import { UpstreamClient } from '@/lib/upstream/client';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
let client: UpstreamClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000, rateLimitWrite: 1_000_000 });
  client = new UpstreamClient({
    baseUrl: emulator.url,
    accessToken: (await benchToken(emulator)).access_token,
    log: () => {},
  });
});
afterAll(() => emulator?.stop());
beforeEach(() => emulator.requestLog.clear());

const infoReads = () => emulator.requestLog.list().filter((entry) => entry.path === '/admin/users/info');

describe('readUserNames', () => {
  it('names 40 users with one batch read, unknown ids left out', async () => {
    const users = [...emulator.database.world.users.rows()].slice(0, 40);
    const names = await readUserNames(client, [...users.map((user) => user.id), users[0]!.id, 'usr_unknown']);
    expect(infoReads()).toHaveLength(1);
    expect(Object.keys(names)).toHaveLength(40);
    for (const user of users) expect(names[user.id]).toBe(accountName(user));
    expect(names.usr_unknown).toBeUndefined();
  });

  it('makes no call for no ids, and answers no names when the service fails', async () => {
    expect(await readUserNames(client, [])).toEqual({});
    expect(infoReads()).toHaveLength(0);
    const failing = new UpstreamClient({ baseUrl: emulator.url, accessToken: 'not-a-token', log: () => {} });
    expect(await readUserNames(failing, ['usr_00000000000000000001'])).toEqual({});
  });
});

describe('existingUserReferences', () => {
  it('lists each user a report names once, leaving out the dangling references', () => {
    const rows = [
      { id: 'ch1', owner_guid: 'usr_a', workspace_guid: 'ws_gone', dangling_references: ['workspace_guid'] },
      { id: 'ch2', owner_guid: 'usr_gone', dangling_references: ['owner_guid'] },
      { id: 'n1', user_id: 'usr_a', dangling_references: ['channel_id'] },
      { id: 'n2', user_id: 'usr_b', owner_guid: '' },
    ];
    expect(existingUserReferences(rows, ['owner_guid', 'user_id']).sort()).toEqual(['usr_a', 'usr_b']);
  });
});
