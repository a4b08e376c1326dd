/**
 * /admin/ra/{entity} lists and reads for every entity: paging, sorting on every listed field,
 * exact, id-list, null, array and free-text filters, the messages' date and update bounds, and
 * the 400s and 404s. Pages are checked against a brute-force reading of the emulator's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  agentSchema,
  channelSchema,
  domainSchema,
  formatContentRange,
  messageSchema,
  notificationSchema,
  userSchema,
  workspaceSchema,
  type RaRecord,
  type SortOrder,
} from '../../lib/upstream/contract';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import type { MessageRow } from '../../emulator/seed/messages';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
import { apiClient, expectError, type ApiClient } from './helpers';

let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000 });
  api = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());

interface EntityCase {
  name: string;
  schema: z.ZodType<RaRecord>;
  /** How many records the seed holds. */
  count(): number;
  /** Fields the console sorts on. */
  sortable: string[];
}

const world = () => emulator.database.world;

const ENTITIES: EntityCase[] = [
  {
    name: 'users',
    schema: userSchema,
    count: () => world().users.size,
    sortable: [
      'id',
      'email',
      'first_name',
      'last_name',
      'verified',
      'account_type',
      'idp_provider',
      'created_at',
      'last_active_at',
    ],
  },
  {
    name: 'workspaces',
    schema: workspaceSchema,
    count: () => world().workspaces.size,
    sortable: [
      'id',
      'workspace_name',
      'vanity_name',
      'owner_guid',
      'type_cd',
      'plan_type',
      'created_ts',
      'last_updated_ts',
      'deleted_at',
    ],
  },
  {
    name: 'channels',
    schema: channelSchema,
    count: () => world().channels.size,
    sortable: [
      'id',
      'channel_name',
      'type',
      'visibility',
      'workspace_guid',
      'owner_guid',
      'created_ts',
      'last_posted_ts',
    ],
  },
  {
    name: 'messages',
    schema: messageSchema,
    count: () => world().messages.size,
    sortable: [
      'id',
      'name',
      'status',
      'creator_guid',
      'workspace_guid',
      'duration_ms',
      'sequence_number',
      'message_ts',
      'last_updated_at',
    ],
  },
  {
    name: 'notifications',
    schema: notificationSchema,
    count: () => world().notifications.size,
    sortable: ['id', 'type', 'user_id', 'from_user_id', 'message_id', 'channel_id', 'workspace_id', 'created_at'],
  },
  {
    name: 'domains',
    schema: domainSchema,
    count: () => world().domains.size,
    sortable: ['id', 'domain', 'workspace_guid', 'created_at', 'updated_at'],
  },
  {
    name: 'agents',
    schema: agentSchema,
    count: () => world().users.where('account_type', 'agent').size,
    sortable: ['id', 'name', 'email', 'creator_id', 'created_at', 'deleted_at'],
  },
];

/** The emulator's documented order: nulls after values, strings by code unit, ties by id. */
function compareWire(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function expectSorted(rows: readonly RaRecord[], field: string, order: SortOrder): void {
  const direction = order === 'ASC' ? 1 : -1;
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1] as RaRecord;
    const current = rows[i] as RaRecord;
    const comparison =
      direction * (compareWire(previous[field], current[field]) || compareWire(previous.id, current.id));
    expect(comparison, `${field} ${order} at row ${i}`).toBeLessThan(0);
  }
}

describe.each(ENTITIES)('GET /admin/ra/$name', (entity) => {
  it('pages with range and reports the total in Content-Range and X-Total-Count', async () => {
    const total = entity.count();
    expect(total).toBeGreaterThan(0);
    const first = await api.list(entity.name, { range: { start: 0, end: 4 } }, entity.schema);
    expect(first.total).toBe(total);
    expect(first.rows).toHaveLength(Math.min(5, total));
    expect(first.response.headers.get('content-range')).toBe(
      formatContentRange(entity.name, 0, first.rows.length, total),
    );
    const second = await api.list(entity.name, { range: { start: 5, end: 9 } }, entity.schema);
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const beyond = await api.list(entity.name, { range: { start: total + 10, end: total + 20 } }, entity.schema);
    expect(beyond.rows).toEqual([]);
    expect(beyond.response.headers.get('content-range')).toBe(`${entity.name} */${total}`);
  });

  it('sorts by every listed field, both ways, ties broken by id', async () => {
    for (const field of entity.sortable) {
      for (const order of ['ASC', 'DESC'] as const) {
        const { rows } = await api.list(
          entity.name,
          { sort: { field, order }, range: { start: 0, end: 99 } },
          entity.schema,
        );
        expectSorted(rows, field, order);
      }
    }
  });

  it('serves one record, the same as in the list, and 404 for an unknown id', async () => {
    const { rows } = await api.list(entity.name, { range: { start: 0, end: 0 } }, entity.schema);
    const record = rows[0] as RaRecord;
    expect(await api.read(`/admin/ra/${entity.name}/${encodeURIComponent(record.id)}`, entity.schema)).toEqual(record);
    await expectError(await api.get(`/admin/ra/${entity.name}/no-such-id`), 404, /no-such-id/);
  });

  it('filters by id lists, as react-admin getMany does', async () => {
    const { rows } = await api.list(entity.name, { range: { start: 0, end: 2 } }, entity.schema);
    const wanted = rows.map((row) => row.id);
    const byIds = await api.list(entity.name, { filter: { id: [...wanted, 'unknown-id'] } }, entity.schema);
    expect(byIds.rows.map((row) => row.id).sort()).toEqual([...wanted].sort());
    expect((await api.list(entity.name, { filter: { id: [] } }, entity.schema)).total).toBe(0);
  });
});

/** The page a list should answer: matching rows sorted by (field, id), both in `order`. */
function expectedPage<Row extends { id: string }>(
  rows: Iterable<Row>,
  matches: (row: Row) => boolean,
  field: keyof Row,
  order: SortOrder,
  start: number,
  end: number,
): { ids: string[]; total: number } {
  const direction = order === 'ASC' ? 1 : -1;
  const matching = [...rows].filter(matches);
  matching.sort((a, b) => direction * (compareWire(a[field], b[field]) || compareWire(a.id, b.id)));
  return { ids: matching.slice(start, end + 1).map((row) => row.id), total: matching.length };
}

describe('messages filters', () => {
  const messages = () => world().messages.rows();
  const nonTerminal = ['processing', 'initializing', 'inprogress'];

  async function expectList(
    filter: Record<string, unknown>,
    matches: (row: MessageRow) => boolean,
    sort: { field: keyof MessageRow & string; order: SortOrder },
    range = { start: 0, end: 24 },
  ) {
    const { rows, total } = await api.list('messages', { filter, sort, range }, messageSchema);
    const expected = expectedPage(messages(), matches, sort.field, sort.order, range.start, range.end);
    expect(rows.map((row) => row.id)).toEqual(expected.ids);
    expect(total).toBe(expected.total);
    return rows;
  }

  it('filters by one status or any of several, sorted by last update', async () => {
    const processing = await expectList({ status: 'processing' }, (row) => row.status === 'processing', {
      field: 'last_updated_at',
      order: 'DESC',
    });
    expect(processing.length).toBeGreaterThan(0);
    await expectList({ status: nonTerminal }, (row) => nonTerminal.includes(row.status), {
      field: 'last_updated_at',
      order: 'ASC',
    });
    await expectList({ status: ['paused', 'paused'] }, (row) => row.status === 'paused', { field: 'id', order: 'ASC' });
    await expectList(
      { status: 'active' },
      (row) => row.status === 'active',
      { field: 'message_ts', order: 'DESC' },
      { start: 100, end: 149 },
    );
  });

  it('asks for messages not updated since a moment (the stuck queue) with updated_before', async () => {
    const bound = world().reference - 15 * 60 * 1000;
    const rows = await expectList(
      { status: nonTerminal, updated_before: bound },
      (row) => nonTerminal.includes(row.status) && row.last_updated_at < bound,
      { field: 'last_updated_at', order: 'ASC' },
      { start: 0, end: 99 },
    );
    expect(rows.length).toBeGreaterThan(0);
    const newer = await expectList({ updated_after: bound }, (row) => row.last_updated_at >= bound, {
      field: 'last_updated_at',
      order: 'DESC',
    });
    expect(newer.every((row) => row.last_updated_at! >= bound)).toBe(true);
  });

  it('bounds message_ts with created_after (inclusive) and created_before (exclusive)', async () => {
    const { rows } = await api.list(
      'messages',
      { sort: { field: 'message_ts', order: 'DESC' }, range: { start: 40, end: 40 } },
      messageSchema,
    );
    const pivot = rows[0]?.message_ts as number;
    const after = await expectList({ created_after: pivot }, (row) => row.message_ts! >= pivot, {
      field: 'message_ts',
      order: 'ASC',
    });
    expect(after[0]?.message_ts).toBe(pivot);
    const before = await expectList({ created_before: pivot }, (row) => row.message_ts < pivot, {
      field: 'message_ts',
      order: 'DESC',
    });
    expect(before.every((row) => row.message_ts! < pivot)).toBe(true);
    const day = 24 * 60 * 60 * 1000;
    await expectList(
      { created_after: pivot - day, created_before: pivot, status: 'active' },
      (row) => row.message_ts >= pivot - day && row.message_ts < pivot && row.status === 'active',
      { field: 'message_ts', order: 'DESC' },
    );
  });

  it('filters by workspace, creator and channel membership', async () => {
    const sample = [...messages()].find((row) => row.channel_guids.length > 1) ?? [...messages()][0];
    if (!sample) throw new Error('no messages');
    await expectList({ workspace_guid: sample.workspace_guid }, (row) => row.workspace_guid === sample.workspace_guid, {
      field: 'message_ts',
      order: 'DESC',
    });
    await expectList({ creator_guid: sample.creator_guid }, (row) => row.creator_guid === sample.creator_guid, {
      field: 'message_ts',
      order: 'ASC',
    });
    const channel = sample.channel_guids.at(-1) as string;
    for (const name of ['channel_guid', 'channel_guids']) {
      const rows = await expectList({ [name]: channel }, (row) => row.channel_guids.includes(channel), {
        field: 'sequence_number',
        order: 'ASC',
      });
      expect(rows.some((row) => row.id === sample.id)).toBe(true);
    }
  });

  it('searches names and transcripts with q, literally and ignoring case', async () => {
    const rows = await expectList(
      { q: '<SCRIPT>' },
      (row) => [row.name, row.transcript_txt].some((text) => text?.toLowerCase().includes('<script>')),
      { field: 'message_ts', order: 'DESC' },
    );
    expect(rows.length).toBeGreaterThan(0);
    expect((await api.list('messages', { filter: { q: '.*' } }, messageSchema)).total).toBe(0);
  });

  it('answers 400 naming the parameter for bad filters and sorts', async () => {
    const cases: Array<[string, RegExp]> = [
      ['filter={"created_after":"yesterday"}', /^filter: "created_after"/],
      ['filter={"updated_before":null}', /^filter: "updated_before"/],
      ['filter={"status":5}', /^filter: "status"/],
      ['filter={"status":[["active"]]}', /^filter: "status"/],
      ['filter={"channel_guids":null}', /^filter: "channel_guids"/],
      ['filter={"poison":"stuck"}', /^filter: unknown field "poison"/],
      ['filter={"q":7}', /^filter: q/],
      ['sort=["channel_guids","ASC"]', /^sort: cannot sort/],
      ['sort=["audio_models","ASC"]', /^sort: unknown field/],
      ['range=[0,1000]', /^range/],
    ];
    for (const [query, message] of cases) await expectError(await api.get(`/admin/ra/messages?${query}`), 400, message);
  });
});

describe('filters of the other entities', () => {
  it('users: verified, account_type, idp_provider and merged_into', async () => {
    await expectError(
      await api.get('/admin/ra/users?filter={"merged_into":{"not":null}}'),
      400,
      /^filter: "merged_into"/,
    );
    const okta = await api.list('users', { filter: { idp_provider: 'okta', verified: false } }, userSchema);
    expect(okta.rows.every((user) => user.idp_provider === 'okta' && !user.verified)).toBe(true);
    const mergedInto = [...world().users.rows()].find((user) => user.merged_into)?.merged_into as string;
    const mergedUsers = await api.list('users', { filter: { merged_into: mergedInto } }, userSchema);
    expect(mergedUsers.rows.length).toBeGreaterThan(0);
    expect(mergedUsers.rows.every((user) => user.merged_into === mergedInto)).toBe(true);
    const agents = await api.list('users', { filter: { account_type: 'agent' } }, userSchema);
    expect(agents.total).toBe(world().users.where('account_type', 'agent').size);
  });

  it('channels: workspace_guid, type and visibility, with their members', async () => {
    const workspaceGuid = [...world().channels.rows()].find((channel) => channel.workspace_guid)
      ?.workspace_guid as string;
    const { rows, total } = await api.list(
      'channels',
      { filter: { workspace_guid: workspaceGuid, type: 'namedConversation', visibility: ['workspace', 'public'] } },
      channelSchema,
    );
    const expected = [...world().channels.rows()].filter(
      (channel) =>
        channel.workspace_guid === workspaceGuid &&
        channel.type === 'namedConversation' &&
        ['workspace', 'public'].includes(channel.visibility),
    );
    expect(total).toBe(expected.length);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((channel) => channel.id).sort());
    const withoutWorkspace = await api.list('channels', { filter: { workspace_guid: null } }, channelSchema);
    expect(withoutWorkspace.total).toBeGreaterThan(0);
    const someChannel = rows[0] ?? withoutWorkspace.rows[0];
    expect(someChannel?.json_collaborators?.length).toBe(
      world().channelMembers.where('channel_guid', someChannel?.id ?? '').size,
    );
  });

  it('notifications: user_id, type, channel_id, message_id and workspace_id', async () => {
    const sample = [...world().notifications.rows()][10];
    if (!sample) throw new Error('no notifications');
    const fields = {
      user_id: sample.user_id,
      type: sample.type,
      channel_id: sample.channel_id,
      message_id: sample.message_id,
      workspace_id: sample.workspace_id,
    };
    for (const [field, value] of Object.entries(fields)) {
      const { rows, total } = await api.list('notifications', { filter: { [field]: value } }, notificationSchema);
      expect(rows.some((row) => row.id === sample.id)).toBe(true);
      expect(rows.every((row) => row[field] === value)).toBe(true);
      expect(total).toBe(
        [...world().notifications.rows()].filter((row) => row[field as keyof typeof row] === value).length,
      );
    }
  });

  it('agents: creator_id, and only agents are agents', async () => {
    const agent = [...world().users.where('account_type', 'agent')][0];
    if (!agent?.creator_id) throw new Error('no agent');
    const { rows } = await api.list('agents', { filter: { creator_id: agent.creator_id } }, agentSchema);
    expect(rows.map((row) => row.id)).toContain(agent.id);
    expect(rows.every((row) => row.creator_id === agent.creator_id)).toBe(true);
    const byName = await api.list('agents', { filter: { q: agent.first_name ?? '' } }, agentSchema);
    expect(byName.rows.map((row) => row.id)).toContain(agent.id);
    await expectError(await api.get(`/admin/ra/agents/${DEMO_ACCOUNTS.ops.id}`), 404);
    await expectError(
      await api.get(`/admin/ra/agents?filter={"verified":true}`),
      400,
      /^filter: unknown field "verified"/,
    ); // created_after inclusive, created_before exclusive, on created_at.
    const inWindow = await api.list(
      'agents',
      {
        range: { start: 0, end: 999 },
        filter: { created_after: agent.created_at, created_before: agent.created_at + 1 },
      },
      agentSchema,
    );
    expect(inWindow.rows.map((row) => row.id)).toContain(agent.id);
    expect(inWindow.rows.every((row) => Date.parse(row.created_at) === agent.created_at)).toBe(true);
    const before = await api.list(
      'agents',
      { range: { start: 0, end: 999 }, filter: { created_before: agent.created_at } },
      agentSchema,
    );
    expect(before.rows.map((row) => row.id)).not.toContain(agent.id);
  });

  it('workspaces and domains: owner, plan and workspace', async () => {
    const owned = await api.list('workspaces', { filter: { owner_guid: DEMO_ACCOUNTS.ops.id } }, workspaceSchema);
    expect(owned.rows.length).toBeGreaterThan(0);
    expect(owned.rows.every((row) => row.owner_guid === DEMO_ACCOUNTS.ops.id)).toBe(true);
    const domain = [...world().domains.rows()][0];
    if (!domain) throw new Error('no domains');
    const domains = await api.list('domains', { filter: { workspace_guid: domain.workspace_guid } }, domainSchema);
    expect(domains.rows.map((row) => row.id)).toContain(domain.id);
    const created = await api.list(
      'domains',
      { filter: { created_at: new Date(domain.created_at).toISOString() } },
      domainSchema,
    );
    expect(created.rows.map((row) => row.id)).toContain(domain.id);
    await expectError(
      await api.get('/admin/ra/domains?filter={"created_at":"not a date"}'),
      400,
      /^filter: "created_at"/,
    );
  });
});

describe('requests outside the convention', () => {
  it('answers 404 for unknown entities and 405 for methods a path does not take', async () => {
    await expectError(await api.get('/admin/ra/widgets'), 404, /unknown entity/);
    await expectError(await api.get('/admin/ra/__proto__'), 404, /unknown entity/);
    const response = await api.request('DELETE', '/admin/ra/users/usr_x');
    await expectError(response, 405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
