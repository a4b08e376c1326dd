import { describe, expect, it } from 'vitest';
import { inferColumns, inferEntity } from '@/lib/entities/infer';
import { ENTITIES, entityView, findEntity } from '@/lib/entities/registry';
import { DATE_RANGE_PARAMS } from '@/lib/tables/filters';
import { audioModelKind, messageSchema, raRecordSchema } from '@/lib/upstream/contract';

const ADMIN_RA_ENTITIES = ['users', 'workspaces', 'channels', 'messages', 'notifications', 'domains', 'agents'];

describe('the entity registry', () => {
  it('declares every entity of /admin/ra once', () => {
    expect(ENTITIES.map((entity) => entity.name).sort()).toEqual([...ADMIN_RA_ENTITIES].sort());
    expect(findEntity('users')?.label).toBe('Users');
    expect(findEntity('nope')).toBeUndefined();
    expect(findEntity('constructor')).toBeUndefined();
  });

  describe.each(ENTITIES.map((entity) => [entity.name, entity] as const))('%s', (_name, entity) => {
    const keys = entity.columns.map((column) => column.id);

    it('has unique columns, starting with a sortable id, each a field of its schema', () => {
      expect(new Set(keys).size).toBe(keys.length);
      expect(entity.columns[0]).toMatchObject({
        id: 'id',
        enableSorting: true,
        enableHiding: false,
        meta: { kind: 'id' },
      });
      const shape = (entity.schema as unknown as { shape: Record<string, unknown> }).shape;
      for (const key of keys) expect(shape, `${entity.name}.${key}`).toHaveProperty(key);
    });

    it('sorts by default on a sortable column', () => {
      const sort = entity.defaultSort!;
      expect(entity.columns.find((column) => column.id === sort.field)?.enableSorting).toBe(true);
    });

    it('links only to registered entities', () => {
      const targets = [
        ...entity.columns.map((column) => column.meta.linkTo),
        ...entity.nested.flatMap((nested) => nested.columns.map((column) => column.meta.linkTo)),
        ...entity.filters.map((filter) => (filter.kind === 'exact' ? filter.linkTo : undefined)),
      ].filter((target): target is string => target !== undefined);
      for (const target of targets) expect(findEntity(target), target).toBeDefined();
    });

    it('has filters with distinct URL parameters that do not clash with the list parameters', () => {
      const params = entity.filters.flatMap((filter) =>
        filter.kind === 'date-range' ? Object.values(DATE_RANGE_PARAMS) : [filter.param],
      );
      expect(new Set(params).size).toBe(params.length);
      for (const param of params) expect(['page', 'size', 'sort', 'q', 'cols']).not.toContain(param);
    });

    it('links related lists through a filter the target entity has', () => {
      for (const related of entity.relatedLists) {
        const target = findEntity(related.entity);
        expect(target, related.entity).toBeDefined();
        expect(
          target!.filters.some((filter) => filter.kind !== 'date-range' && filter.param === related.param),
          `${related.entity}?${related.param}`,
        ).toBe(true);
      }
    });

    it('titles a record, falling back to its id', () => {
      expect(entity.title({ id: 'rec_1' })).toBe('rec_1');
      expect(entity.title({ id: 'rec_1', name: '   ', workspace_name: null })).toBe('rec_1');
    });

    it('hands client components plain data only', () => {
      const view = entityView(entity);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      expect(view).not.toHaveProperty('schema');
    });
  });

  it('covers the relations the issue names', () => {
    const linkTargets = (name: string) =>
      Object.fromEntries(
        findEntity(name)!
          .columns.filter((c) => c.meta.linkTo)
          .map((c) => [c.id, c.meta.linkTo]),
      );
    expect(linkTargets('messages')).toMatchObject({
      channel_guids: 'channels',
      workspace_guid: 'workspaces',
      creator_guid: 'users',
    });
    expect(linkTargets('notifications')).toMatchObject({
      message_id: 'messages',
      channel_id: 'channels',
      user_id: 'users',
    });
    expect(findEntity('channels')!.nested[0]).toMatchObject({ field: 'json_collaborators', label: 'Members' });
    expect(findEntity('users')!.relatedLists.map((list) => list.entity)).toEqual([
      'workspaces',
      'channels',
      'messages',
      'agents',
      'notifications',
    ]);
  });

  it('titles users by name, then e-mail', () => {
    const users = findEntity('users')!;
    expect(users.title({ id: 'u', first_name: 'Ada', last_name: null, email: 'a@x' })).toBe('Ada');
    expect(users.title({ id: 'u', first_name: null, last_name: null, email: 'a@x' })).toBe('a@x');
  });
});

describe('inferEntity', () => {
  it('offers sorting only by fields the sort parameter can name', () => {
    const columns = inferColumns([{ id: 'g_1', 'created-at': '2026-11-22T05:00:00.000Z', 'meta.ts': 1, name: 'n' }]);
    expect(Object.fromEntries(columns.map((column) => [column.id, column.enableSorting]))).toEqual({
      id: true,
      'created-at': false,
      'meta.ts': false,
      name: true,
    });
  });

  it('reads a channel as the spec describes it: is_private, and no visibility', () => {
    const channel = {
      id: 'chn_1',
      channel_guid: 'chn_1',
      workspace_guid: 'wsp_1',
      channel_name: 'x',
      type: 'namedConversation',
      is_private: 'true',
      created_ts: 1,
    };
    expect(findEntity('channels')!.schema.safeParse(channel).success).toBe(true);
  });

  it('reads a message with only its id and status (the spec has response fields optional unless stated)', () => {
    expect(messageSchema.safeParse({ id: 'm1', status: 'processing' }).success).toBe(true);
  });

  it('tells an audio model by its type, or by its URL when it has none (the spec shows _id and url only)', () => {
    expect(audioModelKind({ _id: 'a', type: 'hls', url: 'https://x/a' })).toBe('hls');
    expect(audioModelKind({ _id: 'a', url: 'https://x/a/master.M3U8?token=1' })).toBe('hls');
    expect(audioModelKind({ _id: 'a', url: 'https://x/a.mp3' })).toBe('mp3');
    expect(audioModelKind({ _id: 'a', url: 'https://x/a.wav' })).toBeNull();
  });

  it('reads numeric ids (react-admin allows them) as their decimal text', () => {
    expect(raRecordSchema.parse({ id: 42, name: 'n' })).toEqual({ id: '42', name: 'n' });
    expect(raRecordSchema.safeParse({ id: Number.NaN }).success).toBe(false);
  });

  const records = [
    {
      id: 'g_1',
      label: '<b>x</b>',
      owner_guid: 'usr_1',
      contact: 'a@example.com',
      homepage: 'https://example.com',
      evil: 'javascript:alert(1)',
      created_at: '2026-11-22T05:00:00.000Z',
      updated_ts: 1795300000000,
      seen_at: 1795300000,
      weight: 12.5,
      enabled: true,
      tags: ['a', 'b'],
      settings: { nested: true },
      maybe: null,
    },
    { id: 'g_2', label: 42, extra: 'x' },
  ];

  it('infers a column per key, id first, with kinds from the values', () => {
    const columns = inferColumns([{ name: 'first', id: 'x' }, ...records]);
    expect(columns[0]).toMatchObject({ id: 'id', meta: { kind: 'id' } });
    const kinds = Object.fromEntries(columns.map((column) => [column.id, column.meta.kind]));
    expect(kinds).toEqual({
      id: 'id',
      name: 'text',
      label: 'text', // a string and a number: shown as text
      owner_guid: 'id',
      contact: 'email',
      homepage: 'url',
      evil: 'text',
      created_at: 'iso-datetime',
      updated_ts: 'epoch-ms',
      seen_at: 'epoch-s',
      weight: 'number',
      enabled: 'boolean',
      tags: 'list',
      settings: 'json',
      maybe: 'text',
      extra: 'text',
    });
    expect(columns.find((column) => column.id === 'settings')?.enableSorting).toBe(false);
    expect(columns.filter((column) => !column.meta.defaultHidden)).toHaveLength(8);
  });

  it('makes an unknown entity with only an id column when it has no records', () => {
    const view = inferEntity('gadget_parts', []);
    expect(view).toMatchObject({
      name: 'gadget_parts',
      label: 'Gadget parts',
      known: false,
      defaultSort: null,
      filters: [],
    });
    expect(view.columns.map((column) => column.id)).toEqual(['id']);
  });
});
