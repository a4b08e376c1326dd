/** The name resolver against the emulator: one batch read per entity, ids deduplicated, ids kept on failure. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMES_PER_ENTITY, personName, readNames } from '@/lib/entities/names';
import { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema, type Message } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
let upstream: UpstreamClient;
let messages: Message[];

beforeAll(async () => {
  emulator = await startTestEmulator();
  const token = await benchToken(emulator);
  upstream = new UpstreamClient({
    baseUrl: emulator.url,
    accessToken: token.access_token,
    log: () => {},
    retryBaseMs: 1,
  });
  ({ rows: messages } = await listRecords(
    upstream,
    'messages',
    { range: { start: 0, end: 99 }, filter: {} },
    messageSchema,
  ));
});

afterEach(() => emulator.faults.clear());

afterAll(async () => {
  await emulator?.stop();
});

const adminReads = () => emulator.requestLog.list().filter((entry) => entry.path.startsWith('/admin/'));
const ids = (pick: (message: Message) => string | null | undefined) =>
  messages.map(pick).filter((id): id is string => typeof id === 'string');

describe('readNames', () => {
  it('names a page of creators, workspaces and channels with one read per entity', async () => {
    const creators = ids((message) => message.creator_guid);
    const workspaces = ids((message) => message.workspace_guid);
    const channels = ids((message) => message.channel_guids?.[0]);
    expect(new Set(creators).size, 'the page repeats some creators').toBeLessThan(creators.length);
    emulator.requestLog.clear();

    const names = await readNames(upstream, { users: creators, workspaces, channels });

    const reads = adminReads();
    expect(reads.map((entry) => entry.path).sort()).toEqual([
      '/admin/ra/channels',
      '/admin/ra/workspaces',
      '/admin/users/info',
    ]);
    // Each id asked for once, however many rows name it.
    const asked = new URLSearchParams(reads.find((entry) => entry.path === '/admin/users/info')!.query)
      .get('users')!
      .split(',');
    expect(asked.sort()).toEqual([...new Set(creators)].sort());
    const filter = JSON.parse(
      new URLSearchParams(reads.find((entry) => entry.path === '/admin/ra/workspaces')!.query).get('filter')!,
    ) as { id: string[] };
    expect(filter.id.sort()).toEqual([...new Set(workspaces)].sort());

    const creator = names[`/users/${creators[0]}`];
    expect(creator?.email).toMatch(/@/);
    expect(creator?.name).not.toBe(creators[0]);
    expect(names[`/workspaces/${workspaces[0]}`]?.name).toBeTruthy();
    // Named channels by name; a direct message has no name and is left to show its id.
    expect(
      Object.entries(names).some(
        ([href, name]) => href.startsWith('/channels/') && name.name !== href.slice('/channels/'.length),
      ),
    ).toBe(true);
    expect(Object.entries(names).every(([href, name]) => name.name !== href.split('/').pop())).toBe(true);
    expect(names[`/workspaces/${workspaces[0]}`]?.email).toBeUndefined();
  });

  it('reads nothing for no ids, blanks or nulls', async () => {
    emulator.requestLog.clear();
    expect(await readNames(upstream, { users: [], workspaces: ['', null, undefined] })).toEqual({});
    expect(adminReads()).toEqual([]);
  });

  it('leaves unknown ids unnamed', async () => {
    const names = await readNames(upstream, { users: ['usr_does_not_exist'], workspaces: ['wsp_does_not_exist'] });
    expect(names).toEqual({});
  });

  it('keeps ids when a read fails, and still names the entities whose read worked', async () => {
    emulator.faults.set({
      rules: [
        { pattern: '^/admin/users/info$', status: 503 },
        { pattern: '^/admin/ra/channels$', malformedJson: true },
      ],
    });
    const workspaces = ids((message) => message.workspace_guid);
    const names = await readNames(upstream, {
      users: ids((message) => message.creator_guid),
      workspaces,
      channels: ids((message) => message.channel_guids?.[0]),
    });
    expect(Object.keys(names).every((href) => href.startsWith('/workspaces/'))).toBe(true);
    expect(names[`/workspaces/${workspaces[0]}`]?.name).toBeTruthy();
  });

  it(`asks for at most ${MAX_NAMES_PER_ENTITY} ids of one entity`, async () => {
    emulator.requestLog.clear();
    await readNames(upstream, {
      workspaces: Array.from({ length: MAX_NAMES_PER_ENTITY + 20 }, (_, index) => `wsp_${index}`),
    });
    const [read] = adminReads();
    expect((JSON.parse(new URLSearchParams(read!.query).get('filter')!) as { id: string[] }).id).toHaveLength(
      MAX_NAMES_PER_ENTITY,
    );
  });
});

describe('personName', () => {
  it('is the full name, else the e-mail, else the id', () => {
    expect(personName({ id: 'u1', email: 'a@example.com', first_name: ' Ada ', last_name: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(personName({ id: 'u1', email: 'a@example.com', first_name: null, last_name: '' })).toBe('a@example.com');
    expect(personName({ id: 'u1', email: '' })).toBe('u1');
  });
});
