/**
 * The entity registry: every entity of /admin/ra declared once (columns, default order,
 * filters, title, relations, its place in the sidebar and the guarded actions on one record).
 * The list, detail, export and jump-to views and the sidebar's entity entries are all derived
 * from these entries; an entity the registry does not know is served through `inferEntity`.
 *
 * ASSUMPTIONS about the service's list convention beyond the contract (the emulator implements
 * the same names):
 * - every filter below is an exact match on the named field, and a boolean filter takes JSON
 *   `true`/`false`;
 * - `channel_guids` (messages) matches messages whose list contains the given channel id;
 * - `created_after` / `created_before` (messages) bound `message_ts` in epoch milliseconds,
 *   `created_after` inclusive and `created_before` exclusive; on agents they bound `created_at`
 *   the same way;
 * - `q` is free text over the fields named in `searchHint`;
 * - every column marked sortable can be passed as the `sort` field.
 * All `_ts` numbers are epoch milliseconds, as the contract says of `message_ts`.
 */
import type { z } from 'zod';
import {
  CHANNEL_VISIBILITIES,
  KNOWN_MESSAGE_STATUSES,
  agentSchema,
  channelSchema,
  domainSchema,
  messageSchema,
  notificationSchema,
  userSchema,
  workspaceSchema,
  type RaRecord,
} from '@/lib/upstream/contract';
import type { GuardedAction } from '@/lib/auth/roles';
import { entityColumn } from './columns';
import { AGENT_COLUMNS, DOMAIN_COLUMNS } from './declared-columns';
import { MESSAGE_ACTIONS, USER_ACTIONS } from './record-actions';
import type { EntityNav, EntityView } from './types';

export interface EntityDefinition extends EntityView {
  known: true;
  /** The contract's schema for one record; lists are checked row by row with it. */
  schema: z.ZodType<RaRecord>;
  /** A short human name for a record (never empty: falls back to the id). */
  title(record: Readonly<Record<string, unknown>>): string;
  /** What tells two records of the same title apart (a person's e-mail), when there is one. */
  subtitle?(record: Readonly<Record<string, unknown>>): string | null;
  /**
   * ASSUMPTION: every id of this entity starts with this prefix (agents are users, so they share
   * `usr_`). Jump to asks for a record by id only when the text carries its entity's prefix.
   */
  idPrefix: string;
  /** Jump to searches this entity by name (`q`): the things operators call by name. */
  jumpByName: boolean;
  /** Its entry in the sidebar. */
  nav: EntityNav;
  /**
   * The guarded actions on one record, offered on its detail page. The page computes what the
   * signed-in role may do from each definition's own `requiredRole` (lib/auth/roles/permissions.ts).
   */
  actions: Readonly<Record<string, GuardedAction>>;
  /** Views of this entity that have pages of their own (reports, tools), linked from its list. */
  views?: ReadonlyArray<{ href: string; label: string }>;
}

/** The first field that is a non-blank string, trimmed; the id when none is. */
function firstText(record: Readonly<Record<string, unknown>>, ...values: unknown[]): string {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return String(record.id ?? '');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const ENTITIES: readonly EntityDefinition[] = [
  {
    name: 'users',
    idPrefix: 'usr_',
    jumpByName: true,
    label: 'Users',
    singular: 'User',
    known: true,
    nav: { icon: 'users', order: 40, purpose: 'Accounts: verification, merge, payment plans, memberships.' },
    actions: USER_ACTIONS,
    views: [
      { href: '/users/active', label: 'Active users' },
      { href: '/users/merge', label: 'Merge accounts' },
    ],
    schema: userSchema,
    columns: [
      entityColumn('id', 'Id', 'id', { sortable: true }),
      entityColumn('email', 'E-mail', 'email', { sortable: true }),
      entityColumn('first_name', 'First name', 'text', { sortable: true }),
      entityColumn('last_name', 'Last name', 'text', { sortable: true }),
      entityColumn('verified', 'Verified', 'boolean', { sortable: true }),
      entityColumn('account_type', 'Type', 'status', { sortable: true }),
      entityColumn('idp_provider', 'Identity provider', 'text', { sortable: true, hidden: true }),
      entityColumn('phone', 'Phone', 'text', { hidden: true }),
      entityColumn('image_url', 'Avatar', 'image', { hidden: true }),
      // Shown: an account merged into another is no longer one to act on, and the list says so.
      entityColumn('merged_into', 'Merged into', 'id', { linkTo: 'users' }),
      entityColumn('creator_id', 'Owner (agents)', 'id', { sortable: true, hidden: true, linkTo: 'users' }),
      entityColumn('created_at', 'Created', 'iso-datetime', { sortable: true }),
      entityColumn('last_active_at', 'Last active', 'iso-datetime', { sortable: true }),
      entityColumn('deleted_at', 'Deleted', 'iso-datetime', { sortable: true, hidden: true }),
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
    filters: [
      { kind: 'boolean', param: 'verified', field: 'verified', label: 'Verified' },
      { kind: 'enum', param: 'type', field: 'account_type', label: 'Type', options: ['human', 'agent'] },
    ],
    searchHint: 'e-mail or name',
    relatedLists: [
      { label: 'Workspaces owned', entity: 'workspaces', param: 'owner' },
      { label: 'Channels owned', entity: 'channels', param: 'owner' },
      { label: 'Messages created', entity: 'messages', param: 'creator' },
      { label: 'Agents', entity: 'agents', param: 'creator' },
      { label: 'Notifications received', entity: 'notifications', param: 'user' },
    ],
    nested: [],
    title: (record) => firstText(record, `${text(record.first_name)} ${text(record.last_name)}`, record.email),
    subtitle: (record) => text(record.email) || null,
  },
  {
    name: 'workspaces',
    idPrefix: 'wsp_',
    jumpByName: true,
    label: 'Workspaces',
    singular: 'Workspace',
    known: true,
    nav: { icon: 'workspaces', order: 50, purpose: 'Workspaces, their owners and members.' },
    actions: {},
    views: [{ href: '/workspaces/mine', label: 'My workspaces' }],
    schema: workspaceSchema,
    columns: [
      entityColumn('id', 'Id', 'id', { sortable: true }),
      entityColumn('workspace_name', 'Name', 'text', { sortable: true }),
      entityColumn('vanity_name', 'Vanity name', 'text', { sortable: true, hidden: true }),
      entityColumn('owner_guid', 'Owner', 'id', { sortable: true, linkTo: 'users' }),
      entityColumn('type_cd', 'Type', 'status', { sortable: true }),
      entityColumn('plan_type', 'Plan', 'status', { sortable: true }),
      entityColumn('created_by', 'Created by', 'id', { hidden: true, linkTo: 'users' }),
      entityColumn('workspace_description', 'Description', 'text', { hidden: true }),
      entityColumn('image_url', 'Image', 'image', { hidden: true }),
      entityColumn('created_ts', 'Created', 'epoch-ms', { sortable: true }),
      entityColumn('last_updated_ts', 'Updated', 'epoch-ms', { sortable: true, hidden: true }),
      entityColumn('deleted_at', 'Deleted', 'iso-datetime', { sortable: true, hidden: true }),
    ],
    defaultSort: { field: 'created_ts', order: 'desc' },
    filters: [
      { kind: 'exact', param: 'owner', field: 'owner_guid', label: 'Owner', linkTo: 'users' },
      { kind: 'exact', param: 'plan', field: 'plan_type', label: 'Plan' },
    ],
    searchHint: 'name or vanity name',
    relatedLists: [
      { label: 'Channels', entity: 'channels', param: 'workspace' },
      { label: 'Messages', entity: 'messages', param: 'workspace' },
      { label: 'Domains', entity: 'domains', param: 'workspace' },
      { label: 'Notifications', entity: 'notifications', param: 'workspace' },
    ],
    nested: [],
    title: (record) => firstText(record, record.workspace_name, record.vanity_name),
    subtitle: (record) => text(record.vanity_name) || null,
  },
  {
    name: 'channels',
    idPrefix: 'chn_',
    jumpByName: true,
    label: 'Channels',
    singular: 'Channel',
    known: true,
    nav: { icon: 'channels', order: 60, purpose: 'Conversations: visibility, member roles, orphans, sequence repair.' },
    actions: {},
    views: [
      { href: '/channels/orphaned', label: 'Orphaned channels' },
      { href: '/channels/repair', label: 'Repair sequence numbers' },
    ],
    schema: channelSchema,
    columns: [
      entityColumn('id', 'Id', 'id', { sortable: true }),
      entityColumn('channel_name', 'Name', 'text', { sortable: true }),
      entityColumn('type', 'Type', 'status', { sortable: true }),
      entityColumn('visibility', 'Visibility', 'status', { sortable: true }),
      entityColumn('workspace_guid', 'Workspace', 'id', { sortable: true, linkTo: 'workspaces' }),
      entityColumn('owner_guid', 'Owner', 'id', { sortable: true, linkTo: 'users' }),
      entityColumn('channel_description', 'Description', 'text', { hidden: true }),
      entityColumn('image_url', 'Image', 'image', { hidden: true }),
      entityColumn('created_ts', 'Created', 'epoch-ms', { sortable: true }),
      entityColumn('last_posted_ts', 'Last post', 'epoch-ms', { sortable: true }),
    ],
    defaultSort: { field: 'created_ts', order: 'desc' },
    filters: [
      { kind: 'exact', param: 'workspace', field: 'workspace_guid', label: 'Workspace', linkTo: 'workspaces' },
      { kind: 'exact', param: 'owner', field: 'owner_guid', label: 'Owner', linkTo: 'users' },
      { kind: 'enum', param: 'type', field: 'type', label: 'Type', options: ['directMessage', 'namedConversation'] },
      { kind: 'enum', param: 'visibility', field: 'visibility', label: 'Visibility', options: CHANNEL_VISIBILITIES },
    ],
    searchHint: 'name or description',
    relatedLists: [{ label: 'Messages', entity: 'messages', param: 'channel' }],
    nested: [
      {
        field: 'json_collaborators',
        label: 'Members',
        columns: [
          entityColumn('user_id', 'User', 'id', { linkTo: 'users' }),
          entityColumn('role', 'Role', 'status'),
          entityColumn('status', 'Membership', 'status'),
          entityColumn('joined_ts', 'Joined', 'epoch-ms'),
        ],
      },
    ],
    title: (record) => firstText(record, record.channel_name),
  },
  {
    name: 'messages',
    idPrefix: 'msg_',
    jumpByName: false,
    label: 'Messages',
    singular: 'Message',
    known: true,
    nav: {
      icon: 'messages',
      order: 30,
      purpose: 'Every message, filterable by status, workspace, channel, creator and date.',
    },
    actions: MESSAGE_ACTIONS,
    schema: messageSchema,
    columns: [
      entityColumn('id', 'Id', 'id', { sortable: true }),
      entityColumn('name', 'Name', 'text', { sortable: true }),
      entityColumn('status', 'Status', 'status', { sortable: true }),
      entityColumn('status_reason', 'Status reason', 'text', { sortable: true, hidden: true }),
      entityColumn('creator_guid', 'Creator', 'id', { sortable: true, linkTo: 'users' }),
      entityColumn('workspace_guid', 'Workspace', 'id', { sortable: true, linkTo: 'workspaces' }),
      entityColumn('channel_guids', 'Channels', 'list', { linkTo: 'channels' }),
      entityColumn('duration_ms', 'Duration', 'duration', { sortable: true }),
      entityColumn('is_text_message', 'Text only', 'boolean', { hidden: true }),
      entityColumn('transcript_txt', 'Transcript', 'text', { hidden: true }),
      entityColumn('message_url', 'Audio', 'url', { hidden: true }),
      entityColumn('waveform_url', 'Waveform', 'url', { hidden: true }),
      entityColumn('sequence_number', 'Sequence', 'number', { sortable: true, hidden: true }),
      entityColumn('message_ts', 'Posted', 'epoch-ms', { sortable: true }),
      entityColumn('last_updated_at', 'Updated', 'epoch-ms', { sortable: true }),
    ],
    defaultSort: { field: 'message_ts', order: 'desc' },
    filters: [
      { kind: 'enum', param: 'status', field: 'status', label: 'Status', options: KNOWN_MESSAGE_STATUSES },
      { kind: 'exact', param: 'workspace', field: 'workspace_guid', label: 'Workspace', linkTo: 'workspaces' },
      { kind: 'exact', param: 'channel', field: 'channel_guids', label: 'Channel', linkTo: 'channels' },
      { kind: 'exact', param: 'creator', field: 'creator_guid', label: 'Creator', linkTo: 'users' },
      { kind: 'date-range', label: 'Posted', afterField: 'created_after', beforeField: 'created_before' },
    ],
    searchHint: 'name or transcript',
    relatedLists: [{ label: 'Notifications', entity: 'notifications', param: 'message' }],
    nested: [
      {
        field: 'audio_models',
        label: 'Audio models',
        columns: [
          entityColumn('_id', 'Id', 'id'),
          entityColumn('type', 'Type', 'status'),
          entityColumn('url', 'URL', 'url'),
        ],
      },
    ],
    title: (record) => firstText(record, record.name, text(record.transcript_txt).slice(0, 80)),
  },
  {
    name: 'notifications',
    idPrefix: 'ntf_',
    jumpByName: false,
    label: 'Notifications',
    singular: 'Notification',
    known: true,
    nav: { icon: 'notifications', order: 70, purpose: 'Stored notifications and orphaned ones.' },
    actions: {},
    views: [{ href: '/notifications/orphaned', label: 'Orphaned notifications' }],
    schema: notificationSchema,
    columns: [
      entityColumn('id', 'Id', 'id', { sortable: true }),
      entityColumn('type', 'Type', 'status', { sortable: true }),
      entityColumn('user_id', 'Recipient', 'id', { sortable: true, linkTo: 'users' }),
      entityColumn('from_user_id', 'From', 'id', { sortable: true, linkTo: 'users' }),
      entityColumn('message', 'Text', 'text'),
      entityColumn('message_id', 'Message', 'id', { sortable: true, linkTo: 'messages' }),
      entityColumn('parent_message_id', 'Parent message', 'id', { hidden: true, linkTo: 'messages' }),
      entityColumn('channel_id', 'Channel', 'id', { sortable: true, linkTo: 'channels' }),
      entityColumn('workspace_id', 'Workspace', 'id', { sortable: true, hidden: true, linkTo: 'workspaces' }),
      entityColumn('created_at', 'Created', 'iso-datetime', { sortable: true }),
      entityColumn('created_on', 'Created on', 'iso-datetime', { hidden: true }),
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
    filters: [
      { kind: 'enum', param: 'type', field: 'type', label: 'Type', options: ['message', 'tag'] },
      { kind: 'exact', param: 'user', field: 'user_id', label: 'Recipient', linkTo: 'users' },
      { kind: 'exact', param: 'workspace', field: 'workspace_id', label: 'Workspace', linkTo: 'workspaces' },
      { kind: 'exact', param: 'channel', field: 'channel_id', label: 'Channel', linkTo: 'channels' },
      { kind: 'exact', param: 'message', field: 'message_id', label: 'Message', linkTo: 'messages' },
    ],
    searchHint: 'text',
    relatedLists: [],
    nested: [],
    title: (record) => firstText(record, text(record.message).slice(0, 80)),
  },
  {
    name: 'domains',
    idPrefix: 'dom_',
    jumpByName: true,
    label: 'Domains',
    singular: 'Domain',
    known: true,
    nav: { icon: 'domains', order: 80, purpose: 'Domains attached to workspaces.' },
    actions: {},
    schema: domainSchema,
    columns: DOMAIN_COLUMNS,
    defaultSort: { field: 'domain', order: 'asc' },
    filters: [{ kind: 'exact', param: 'workspace', field: 'workspace_guid', label: 'Workspace', linkTo: 'workspaces' }],
    searchHint: 'domain',
    relatedLists: [],
    nested: [],
    title: (record) => firstText(record, record.domain),
  },
  {
    name: 'agents',
    idPrefix: 'usr_',
    jumpByName: true,
    label: 'Agents',
    singular: 'Agent',
    known: true,
    nav: { icon: 'agents', order: 90, purpose: 'Agent accounts across the service and their owners.' },
    actions: {},
    schema: agentSchema,
    columns: AGENT_COLUMNS,
    defaultSort: { field: 'created_at', order: 'desc' },
    filters: [
      { kind: 'exact', param: 'creator', field: 'creator_id', label: 'Owner', linkTo: 'users' },
      { kind: 'date-range', label: 'Created', afterField: 'created_after', beforeField: 'created_before' },
    ],
    searchHint: 'name or e-mail',
    relatedLists: [{ label: 'Messages created', entity: 'messages', param: 'creator' }],
    nested: [],
    title: (record) => firstText(record, record.name, record.email),
    subtitle: (record) => text(record.email) || null,
  },
];

/**
 * The audit log's name for a record of this entity: what its actions write as `target.type`
 * (`message` for messages, `user` for users; tests/entities/nav-and-permissions.test.ts).
 */
export function auditTargetType(entity: Pick<EntityView, 'singular'>): string {
  return entity.singular.toLowerCase();
}

export function findEntity(name: string): EntityDefinition | undefined {
  return ENTITIES.find((entity) => entity.name === name);
}

/** What may be a /admin/ra entity name in a URL: no dots, slashes or encoded surprises. */
export const ENTITY_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/** The plain-data part of a definition, for client components. */
export function entityView(entity: EntityView): EntityView {
  return {
    name: entity.name,
    label: entity.label,
    singular: entity.singular,
    known: entity.known,
    columns: entity.columns,
    defaultSort: entity.defaultSort,
    filters: entity.filters,
    searchHint: entity.searchHint,
    relatedLists: entity.relatedLists,
    nested: entity.nested,
  };
}

/** The view of an entity the console declares, for its own pages (domains, agents); none is a bug. */
export function declaredEntityView(name: string): EntityView {
  const entity = findEntity(name);
  if (!entity) throw new Error(`the registry has no ${name} entity`);
  return entityView(entity);
}
