/**
 * The free-text index answers exactly what the scan answers: every entity's `q` fields on the
 * small preset, with searches cut from the data itself in every case, hostile and non-ASCII text,
 * regular-expression characters, and after the rows change.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../emulator/model/world';
import { generateSeedData } from '../../emulator/seed';
import { createRandom } from '../../emulator/seed/random';
import { listRows, type ListRequest } from '../../emulator/store/list';
import { fold } from '../../emulator/store/text-index';
import type { Table } from '../../emulator/store/table';

const world: World = buildWorld(generateSeedData('small', 20261122));

type AnyTable = Table<{ id: string } & Record<string, unknown>>;
const SEARCHED: { name: string; table: AnyTable; fields: string[] }[] = [
  { name: 'users', table: world.users as unknown as AnyTable, fields: ['email', 'first_name', 'last_name'] },
  { name: 'workspaces', table: world.workspaces as unknown as AnyTable, fields: ['workspace_name', 'vanity_name'] },
  { name: 'channels', table: world.channels as unknown as AnyTable, fields: ['channel_name', 'channel_description'] },
  { name: 'messages', table: world.messages as unknown as AnyTable, fields: ['name', 'transcript_txt'] },
  { name: 'notifications', table: world.notifications as unknown as AnyTable, fields: ['message'] },
  { name: 'domains', table: world.domains as unknown as AnyTable, fields: ['domain'] },
];

const FIXED = [
  'a',
  'E',
  'the',
  'xyz-not-there',
  '<script',
  '.*',
  '(',
  '[a-z]+',
  '\\',
  '$',
  'ß',
  'SS',
  'İ',
  'i̇',
  'ǅ',
  'ǆ',
  'K',
  'k',
  'ſ',
  's',
  'µ',
  'Μ',
  '\u{1F600}',
  '\uD83D',
  'שלום',
  '\u202E',
  ' ',
  '  ',
  'ok\u0000x',
];

function searches(table: AnyTable, fields: string[]): string[] {
  const random = createRandom(17);
  const values = [...table.rows()]
    .flatMap((row) => fields.map((field) => row[field]))
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
  const cut: string[] = [];
  for (let i = 0; i < 60 && values.length > 0; i++) {
    const value = random.pick(values);
    const start = random.int(0, Math.max(0, value.length - 1));
    const piece = value.slice(start, start + random.int(1, 12));
    cut.push(piece, piece.toUpperCase(), piece.toLowerCase());
  }
  return [...FIXED, ...cut];
}

function request(
  fields: string[],
  text: string,
  sortField: string,
  order: 'ASC' | 'DESC',
  start = 0,
  end = 24,
): ListRequest<{ id: string } & Record<string, unknown>> {
  return { conditions: [{ kind: 'text', fields, text }], sort: { field: sortField, order }, start, end };
}

function ids(result: { rows: { id: string }[]; total: number }) {
  return { ids: result.rows.map((row) => row.id), total: result.total };
}

describe('free-text index', () => {
  for (const { name, table, fields } of SEARCHED) {
    it(`${name}: every search gives the scan's rows, order and total`, () => {
      for (const text of searches(table, fields)) {
        for (const [sortField, order, start, end] of [
          ['id', 'ASC', 0, 24],
          [fields[0]!, 'DESC', 0, 9],
          ['id', 'DESC', 5, 400],
        ] as const) {
          const indexed = listRows(table, request(fields, text, sortField, order, start, end));
          const scanned = listRows(table, request(fields, text, sortField, order, start, end), { textIndex: false });
          expect(ids(indexed), `${name} q=${JSON.stringify(text)} sorted by ${sortField} ${order}`).toEqual(
            ids(scanned),
          );
        }
      }
    });
  }

  it('with other conditions too, the plan may change but never the answer', () => {
    const table = world.messages as unknown as AnyTable;
    for (const text of ['update', 'a', 'zzz']) {
      const conditions = [
        { kind: 'text' as const, fields: ['name', 'transcript_txt'], text },
        { kind: 'equals' as const, field: 'status', values: ['active'] },
      ];
      const req = { conditions, sort: { field: 'message_ts', order: 'DESC' as const }, start: 0, end: 24 };
      expect(ids(listRows(table, req))).toEqual(ids(listRows(table, req, { textIndex: false })));
    }
  });

  it('follows changes to the searched fields, inserts and deletes', () => {
    const local = buildWorld(generateSeedData('small', 20261122));
    const table = local.messages as unknown as AnyTable;
    const fields = ['name', 'transcript_txt'];
    const find = (text: string) => ids(listRows(table, request(fields, text, 'id', 'ASC', 0, 99)));
    expect(find('Zebra Crossing').total).toBe(0);
    const [first, second] = [...table.rows()];
    table.update(first!, { name: 'zebra crossing' });
    expect(find('Zebra Crossing')).toEqual({ ids: [first!.id], total: 1 });
    table.delete(first!);
    expect(find('Zebra Crossing').total).toBe(0);
    table.insert({ ...second!, id: 'zzz-inserted', transcript_txt: 'ZEBRA CROSSING ahead' });
    expect(find('zebra crossing')).toEqual({ ids: ['zzz-inserted'], total: 1 });
    expect(find('zebra crossing')).toEqual(
      ids(listRows(table, request(fields, 'zebra crossing', 'id', 'ASC', 0, 99), { textIndex: false })),
    );
  });

  it('folds as a case-insensitive regular expression compares', () => {
    const units = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit));
    for (let i = 0; i < units.length; i += 29) {
      const ch = units[i]!;
      for (const other of [
        'A',
        'a',
        'K',
        'k',
        'S',
        's',
        'I',
        'i',
        'Μ',
        'µ',
        ch.toUpperCase().slice(0, 1),
        ch.toLowerCase().slice(0, 1),
      ]) {
        const regex = new RegExp(ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i').test(other);
        expect(fold(other) === fold(ch), `${JSON.stringify(ch)} vs ${JSON.stringify(other)}`).toBe(regex);
      }
    }
  });
});
