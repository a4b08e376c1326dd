/**
 * The entities served under /admin/ra/{entity}: one entry per entity names its table, the fields
 * lists may filter and sort on, the extra filters, the columns free-text `q` searches, and how a
 * row becomes the contract's record. A new entity is one more entry here. Every filter is
 * documented in emulator/README.md.
 */
import type { z } from 'zod';
import {
  agentSchema,
  channelSchema,
  domainSchema,
  messageSchema,
  notificationSchema,
  userSchema,
  workspaceSchema,
  type ListQuery,
  type RaRecord,
} from '../../lib/upstream/contract';
import {
  agentRecord,
  channelRecord,
  domainRecord,
  messageRecord,
  notificationRecord,
  userRecord,
  workspaceRecord,
} from '../model/records';
import type { World } from '../model/world';
import type { ChannelRow } from '../seed/channels';
import type { DomainRow } from '../seed/domains';
import type { MessageRow } from '../seed/messages';
import type { NotificationRow } from '../seed/notifications';
import type { UserRow } from '../seed/users';
import type { WorkspaceRow } from '../seed/workspaces';
import { listRows, type Condition } from '../store/list';
import type { Table } from '../store/table';
import type { TextIndexStats } from '../store/text-index';
import {
  containsFilter,
  epochBound,
  memberFilter,
  toListRequest,
  type FieldKind,
  type FieldSpec,
  type ListableEntity,
} from './list-query';

export interface Entity {
  list(world: World, query: ListQuery): { records: RaRecord[]; total: number; start: number };
  /** The record, or undefined when no row of this entity has the id. */
  get(world: World, id: string): RaRecord | undefined;
  /** The size of the index behind `q` (built now if it is not). */
  textIndexStats(world: World): TextIndexStats;
}

interface EntitySpec<Row extends { id: string }> extends ListableEntity<Row> {
  table(world: World): Table<Row>;
  record(world: World, row: Row): unknown;
  /** The contract's schema: every record is checked before it leaves the emulator. */
  schema: z.ZodType<RaRecord>;
}

function defineEntity<Row extends { id: string }>(spec: EntitySpec<Row>): Entity {
  const inScope = (row: Row): boolean => (spec.scope ?? []).every((condition) => matchesScope(condition, row));
  return {
    list(world, query) {
      const request = toListRequest(spec, query, world);
      const { rows, total } = listRows(spec.table(world), request);
      return { records: rows.map((row) => spec.schema.parse(spec.record(world, row))), total, start: request.start };
    },
    get(world, id) {
      const row = spec.table(world).get(id);
      return row && inScope(row) ? spec.schema.parse(spec.record(world, row)) : undefined;
    },
    textIndexStats(world) {
      return spec.table(world).textIndex(spec.search).stats();
    },
  };
}

function matchesScope<Row>(condition: Condition<Row>, row: Row): boolean {
  if (condition.kind !== 'equals') throw new Error('entity scopes are equality conditions');
  return condition.values.includes((row[condition.field] ?? null) as never);
}

/** Fields whose record name is their column name. */
function sameNames<Row>(kinds: Partial<Record<keyof Row & string, FieldKind>>): Record<string, FieldSpec<Row>> {
  const fields: Record<string, FieldSpec<Row>> = {};
  for (const [column, kind] of Object.entries(kinds) as [keyof Row & string, FieldKind][])
    fields[column] = { kind, column };
  return fields;
}

const users = defineEntity<UserRow>({
  table: (world) => world.users,
  fields: sameNames<UserRow>({
    id: 'string',
    email: 'string',
    first_name: 'string',
    last_name: 'string',
    image_url: 'string',
    phone: 'string',
    verified: 'boolean',
    account_type: 'string',
    idp_provider: 'string',
    merged_into: 'string',
    creator_id: 'string',
    created_at: 'datetime',
    last_active_at: 'datetime',
    deleted_at: 'datetime',
  }),
  search: ['email', 'first_name', 'last_name'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  record: (_world, row) => userRecord(row),
  schema: userSchema,
});

const workspaces = defineEntity<WorkspaceRow>({
  table: (world) => world.workspaces,
  fields: {
    ...sameNames<WorkspaceRow>({
      id: 'string',
      workspace_name: 'string',
      vanity_name: 'string',
      workspace_description: 'string',
      image_url: 'string',
      owner_guid: 'string',
      type_cd: 'string',
      plan_type: 'string',
      created_by: 'string',
      created_ts: 'number',
      last_updated_ts: 'number',
      deleted_at: 'datetime',
    }),
    workspace_guid: { kind: 'string', column: 'id' },
  },
  extraFilters: {
    member_id: memberFilter((world, userId) =>
      [...world.workspaceMembers.where('user_id', userId)].map((member) => member.workspace_guid),
    ),
  },
  search: ['workspace_name', 'vanity_name'],
  defaultSort: { field: 'created_ts', order: 'DESC' },
  record: (_world, row) => workspaceRecord(row),
  schema: workspaceSchema,
});

const channels = defineEntity<ChannelRow>({
  table: (world) => world.channels,
  fields: {
    ...sameNames<ChannelRow>({
      id: 'string',
      workspace_guid: 'string',
      channel_name: 'string',
      channel_description: 'string',
      image_url: 'string',
      type: 'string',
      visibility: 'string',
      owner_guid: 'string',
      created_ts: 'number',
      last_posted_ts: 'number',
    }),
    channel_guid: { kind: 'string', column: 'id' },
  },
  extraFilters: {
    member_id: memberFilter((world, userId) =>
      [...world.channelMembers.where('user_id', userId)].map((member) => member.channel_guid),
    ),
  },
  search: ['channel_name', 'channel_description'],
  defaultSort: { field: 'created_ts', order: 'DESC' },
  record: channelRecord,
  schema: channelSchema,
});

const messages = defineEntity<MessageRow>({
  table: (world) => world.messages,
  fields: {
    ...sameNames<MessageRow>({
      id: 'string',
      creator_guid: 'string',
      workspace_guid: 'string',
      channel_guids: 'strings',
      status: 'string',
      status_reason: 'string',
      name: 'string',
      is_text_message: 'boolean',
      duration_ms: 'number',
      transcript_txt: 'string',
      message_ts: 'number',
      last_updated_at: 'number',
      sequence_number: 'number',
      message_url: 'string',
      waveform_url: 'string',
    }),
    message_guid: { kind: 'string', column: 'id' },
  },
  extraFilters: {
    channel_guid: containsFilter('channel_guids'),
    created_after: epochBound('message_ts', 'min'),
    created_before: epochBound('message_ts', 'below'),
    updated_after: epochBound('last_updated_at', 'min'),
    updated_before: epochBound('last_updated_at', 'below'),
  },
  search: ['name', 'transcript_txt'],
  defaultSort: { field: 'message_ts', order: 'DESC' },
  record: (_world, row) => messageRecord(row),
  schema: messageSchema,
});

const notifications = defineEntity<NotificationRow>({
  table: (world) => world.notifications,
  fields: {
    ...sameNames<NotificationRow>({
      id: 'string',
      user_id: 'string',
      type: 'string',
      workspace_id: 'string',
      channel_id: 'string',
      parent_message_id: 'string',
      message_id: 'string',
      message: 'string',
      from_user_id: 'string',
      created_at: 'datetime',
      created_on: 'datetime',
    }),
    _id: { kind: 'string', column: 'id' },
  },
  search: ['message'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  record: (_world, row) => notificationRecord(row),
  schema: notificationSchema,
});

const domains = defineEntity<DomainRow>({
  table: (world) => world.domains,
  fields: sameNames<DomainRow>({
    id: 'string',
    domain: 'string',
    workspace_guid: 'string',
    created_at: 'datetime',
    updated_at: 'datetime',
  }),
  search: ['domain'],
  defaultSort: { field: 'domain', order: 'ASC' },
  record: (_world, row) => domainRecord(row),
  schema: domainSchema,
});

const agents = defineEntity<UserRow>({
  table: (world) => world.users,
  scope: [{ kind: 'equals', field: 'account_type', values: ['agent'] }],
  fields: {
    id: { kind: 'string', column: 'id' },
    creator_id: { kind: 'string', column: 'creator_id' },
    name: { kind: 'string', column: 'first_name' },
    email: { kind: 'string', column: 'email' },
    created_at: { kind: 'datetime', column: 'created_at' },
    deleted_at: { kind: 'datetime', column: 'deleted_at' },
  },
  extraFilters: {
    created_after: epochBound('created_at', 'min'),
    created_before: epochBound('created_at', 'below'),
  },
  search: ['first_name', 'email'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  record: agentRecord,
  schema: agentSchema,
});

const ENTITIES: Readonly<Record<string, Entity>> = {
  users,
  workspaces,
  channels,
  messages,
  notifications,
  domains,
  agents,
};

export function findEntity(name: string): Entity | undefined {
  return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
}
