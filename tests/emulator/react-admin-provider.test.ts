/**
 * The real react-admin data provider (ra-data-simple-rest) against the emulator: getList with
 * sort, filter and paging, getOne, getMany and getManyReference for every entity. If the
 * emulator's convention were a look-alike, this is where it would show.
 */
import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  agentSchema,
  channelSchema,
  domainSchema,
  messageSchema,
  notificationSchema,
  userSchema,
  workspaceSchema,
  type RaRecord,
} from '../../lib/upstream/contract';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
let provider: DataProvider;

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitRead: 1_000_000 });
  const { access_token: token } = await benchToken(emulator);
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } });
  provider = simpleRestProvider(`${emulator.url}/admin/ra`, httpClient);
});
afterAll(() => emulator?.stop());

const world = () => emulator.database.world;

interface ProviderCase {
  resource: string;
  schema: z.ZodType<RaRecord>;
  sortField: string;
  /** An exact filter that matches some records, and the oracle of it. */
  filter(): { filter: Record<string, unknown>; matches: (record: RaRecord) => boolean };
  /** A reference getManyReference follows: the field and an id with records. */
  reference(): { target: string; id: string };
}

const firstWith = <T>(rows: Iterable<T>, predicate: (row: T) => boolean): T => {
  for (const row of rows) if (predicate(row)) return row;
  throw new Error('no such row in the seed');
};

const CASES: ProviderCase[] = [
  {
    resource: 'users',
    schema: userSchema,
    sortField: 'email',
    filter: () => ({
      filter: { verified: true, account_type: 'human' },
      matches: (user) => user.verified === true && user.account_type === 'human',
    }),
    reference: () => ({
      target: 'merged_into',
      id: firstWith(world().users.rows(), (user) => user.merged_into !== null).merged_into as string,
    }),
  },
  {
    resource: 'workspaces',
    schema: workspaceSchema,
    sortField: 'created_ts',
    filter: () => ({ filter: { type_cd: 'team' }, matches: (workspace) => workspace.type_cd === 'team' }),
    reference: () => ({
      target: 'owner_guid',
      id: firstWith(world().workspaces.rows(), (workspace) => workspace.owner_guid !== null).owner_guid as string,
    }),
  },
  {
    resource: 'channels',
    schema: channelSchema,
    sortField: 'channel_name',
    filter: () => ({ filter: { visibility: 'workspace' }, matches: (channel) => channel.visibility === 'workspace' }),
    reference: () => ({
      target: 'workspace_guid',
      id: firstWith(world().channels.rows(), (channel) => channel.workspace_guid !== null).workspace_guid as string,
    }),
  },
  {
    resource: 'messages',
    schema: messageSchema,
    sortField: 'last_updated_at',
    filter: () => ({
      filter: { status: ['processing', 'initializing', 'inprogress'] },
      matches: (message) => ['processing', 'initializing', 'inprogress'].includes(message.status as string),
    }),
    reference: () => ({
      target: 'channel_guid',
      id: firstWith(world().messages.rows(), () => true).channel_guids[0] as string,
    }),
  },
  {
    resource: 'notifications',
    schema: notificationSchema,
    sortField: 'created_at',
    filter: () => ({ filter: { type: 'tag' }, matches: (notification) => notification.type === 'tag' }),
    reference: () => ({ target: 'user_id', id: firstWith(world().notifications.rows(), () => true).user_id }),
  },
  {
    resource: 'domains',
    schema: domainSchema,
    sortField: 'domain',
    filter: () => {
      const workspace = firstWith(world().domains.rows(), () => true).workspace_guid;
      return { filter: { workspace_guid: workspace }, matches: (domain) => domain.workspace_guid === workspace };
    },
    reference: () => ({ target: 'workspace_guid', id: firstWith(world().domains.rows(), () => true).workspace_guid }),
  },
  {
    resource: 'agents',
    schema: agentSchema,
    sortField: 'name',
    filter: () => {
      const owner = firstWith(world().users.rows(), (user) => user.account_type === 'agent').creator_id as string;
      return { filter: { creator_id: owner }, matches: (agent) => agent.creator_id === owner };
    },
    reference: () => ({
      target: 'creator_id',
      id: firstWith(world().users.rows(), (user) => user.account_type === 'agent').creator_id as string,
    }),
  },
];

describe.each(CASES)('ra-data-simple-rest on $resource', (entity) => {
  it('getList sorts, pages and counts', async () => {
    const pages = [];
    for (const page of [1, 2]) {
      const result = await provider.getList(entity.resource, {
        pagination: { page, perPage: 2 },
        sort: { field: entity.sortField, order: 'ASC' },
        filter: {},
      });
      pages.push(...result.data.map((record) => entity.schema.parse(record)));
      expect(result.total).toBeGreaterThan(2);
    }
    const all = await provider.getList(entity.resource, {
      pagination: { page: 1, perPage: 4 },
      sort: { field: entity.sortField, order: 'ASC' },
      filter: {},
    });
    expect(pages.map((record) => record.id)).toEqual(all.data.map((record) => record.id));
    const descending = await provider.getList(entity.resource, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: entity.sortField, order: 'DESC' },
      filter: {},
    });
    expect(descending.data[0]?.id).not.toBe(all.data[0]?.id);
  });

  it('getList filters', async () => {
    const { filter, matches } = entity.filter();
    const result = await provider.getList(entity.resource, {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter,
    });
    expect(result.data.length).toBeGreaterThan(0);
    const records = result.data.map((record) => entity.schema.parse(record));
    expect(records.every(matches)).toBe(true);
    const unfiltered = await provider.getList(entity.resource, {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBeLessThan(unfiltered.total ?? 0);
  });

  it('getOne, getMany and getManyReference', async () => {
    const { data } = await provider.getList(entity.resource, {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const one = await provider.getOne(entity.resource, { id: data[0]?.id });
    expect(one.data).toEqual(data[0]);
    const many = await provider.getMany(entity.resource, { ids: data.map((record) => record.id) });
    expect(many.data.map((record) => record.id).sort()).toEqual(data.map((record) => record.id).sort());

    const { target, id } = entity.reference();
    const referenced = await provider.getManyReference(entity.resource, {
      target,
      id,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(referenced.data.length).toBeGreaterThan(0);
    const field = target === 'channel_guid' ? 'channel_guids' : target;
    for (const record of referenced.data) {
      const value: unknown = record[field];
      expect(Array.isArray(value) ? value.includes(id) : value === id).toBe(true);
    }
  });

  it('getOne rejects with the status of an unknown id', async () => {
    await expect(provider.getOne(entity.resource, { id: 'no-such-id' })).rejects.toMatchObject({ status: 404 });
  });
});
