/**
 * The in-memory store on its own: indexes and tallies stay true through inserts, updates and deletes, and
 * every list plan (sorting candidates, walking a sorted index, a walk abandoned for a sort)
 * answers exactly what a brute-force reading of the rows answers.
 */
import { describe, expect, it } from 'vitest';
import { listRows, type Condition, type ListRequest } from '../../emulator/store/list';
import { compareValues, Table } from '../../emulator/store/table';
import { createRandom } from '../../emulator/seed/random';

interface Row {
  id: string;
  status: string;
  group: string | null;
  tags: string[];
  score: number | null;
  /** Correlated with `status`: rows in `rare` all come last in this order. */
  updated: number;
  name: string | null;
}

const STATUSES = ['common', 'common', 'common', 'common', 'uncommon', 'rare'];

function makeRows(count: number, seed: number): Row[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const status = random.pick(STATUSES);
    return {
      id: `row_${String(index).padStart(6, '0')}_${random.hex(4)}`,
      status,
      group: random.chance(0.1) ? null : `group_${random.int(0, 30)}`,
      tags: random.sample(['a', 'b', 'c', 'd', 'e', 'f'], random.int(0, 3)),
      score: random.chance(0.05) ? null : random.int(0, 50),
      updated: status === 'rare' ? 1_000_000 + random.int(0, 1000) : random.int(0, 999_999),
      name: random.chance(0.2) ? null : random.pick(['Alpha', 'beta', 'Gamma <b>', 'delta', 'ÉPSILON']),
    };
  });
}

/** A fresh count of rows by key, keys no row has left out. */
function tallyOf(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
}

const newTable = (rows: Row[]) => new Table(rows, { indexed: ['status', 'group'], elementIndexed: ['tags'] });

function oracle(rows: Iterable<Row>, request: ListRequest<Row>): { ids: string[]; total: number } {
  const matches = (row: Row) =>
    request.conditions.every((condition) => {
      switch (condition.kind) {
        case 'equals':
          return condition.values.includes(row[condition.field] as never);
        case 'contains':
          return condition.values.some((value) => (row[condition.field] as string[]).includes(value as string));
        case 'between': {
          const value = row[condition.field];
          return (
            typeof value === 'number' && value >= (condition.min ?? -Infinity) && value < (condition.below ?? Infinity)
          );
        }
        case 'text':
          return condition.fields.some((field) =>
            String(row[field] ?? '')
              .toLowerCase()
              .includes(condition.text.toLowerCase()),
          );
      }
    });
  const direction = request.sort.order === 'ASC' ? 1 : -1;
  const matching = [...rows]
    .filter(matches)
    .sort(
      (a, b) => direction * (compareValues(a[request.sort.field], b[request.sort.field]) || compareValues(a.id, b.id)),
    );
  return { ids: matching.slice(request.start, request.end + 1).map((row) => row.id), total: matching.length };
}

function randomRequest(random: ReturnType<typeof createRandom>): ListRequest<Row> {
  const conditions: Condition<Row>[] = [];
  if (random.chance(0.5))
    conditions.push({ kind: 'equals', field: 'status', values: random.sample(STATUSES, random.int(1, 2)) });
  if (random.chance(0.3))
    conditions.push({
      kind: 'equals',
      field: 'group',
      values: [random.chance(0.2) ? null : `group_${random.int(0, 30)}`],
    });
  if (random.chance(0.3))
    conditions.push({ kind: 'contains', field: 'tags', values: random.sample(['a', 'b', 'c', 'z'], random.int(1, 2)) });
  if (random.chance(0.3))
    conditions.push({
      kind: 'between',
      field: 'updated',
      min: random.int(0, 500_000),
      below: random.int(500_000, 1_001_000),
    });
  if (random.chance(0.1)) conditions.push({ kind: 'equals', field: 'score', values: [null] });
  if (random.chance(0.15))
    conditions.push({ kind: 'text', fields: ['name'], text: random.pick(['ALPHA', 'a', '<b>', 'épsilon', 'zzz']) });
  const start = random.chance(0.7) ? 0 : random.int(0, 400);
  return {
    conditions,
    sort: {
      field: random.pick(['id', 'status', 'group', 'score', 'updated', 'name'] as const),
      order: random.chance(0.5) ? 'ASC' : 'DESC',
    },
    start,
    end: start + random.int(0, 60),
  };
}

describe('listRows', () => {
  it('answers what a brute-force reading answers, for every plan', () => {
    const rows = makeRows(3000, 7);
    const table = newTable(rows);
    const random = createRandom(11);
    for (let i = 0; i < 400; i++) {
      const request = randomRequest(random);
      const result = listRows(table, request);
      const expected = oracle(rows, request);
      expect({ ids: result.rows.map((row) => row.id), total: result.total }, JSON.stringify(request)).toEqual(expected);
    }
  });

  it('gives up a walk whose matches lie deep in the index, and still answers right', () => {
    const rows = makeRows(20_000, 3);
    const table = newTable(rows);
    // `rare` rows are the newest by `updated`: walking oldest first finds them only at the end.
    const request: ListRequest<Row> = {
      conditions: [{ kind: 'equals', field: 'status', values: ['rare'] }],
      sort: { field: 'updated', order: 'ASC' },
      start: 0,
      end: 24,
    };
    expect(listRows(table, request).rows.map((row) => row.id)).toEqual(oracle(rows, request).ids);
  });

  it('keeps every index true through inserts, updates and deletes', () => {
    const rows = makeRows(2000, 5);
    const table = newTable(rows);
    const random = createRandom(13);
    // Build every index first, so the changes below must maintain them.
    listRows(table, {
      conditions: [{ kind: 'contains', field: 'tags', values: ['a'] }],
      sort: { field: 'updated', order: 'ASC' },
      start: 0,
      end: 0,
    });
    for (const field of ['status', 'group', 'score', 'name', 'updated'] as const) table.sortedBy(field);
    table.where('group', null);
    const statusByGroup = (row: Row) => `${row.status}/${row.group ?? '-'}`;
    table.tally('status-group', ['status', 'group'], statusByGroup);
    const scores = (row: Row) => String(row.score);
    table.tally('score', ['score'], scores);
    let live = [...rows];
    for (let i = 0; i < 1500; i++) {
      const action = random.next();
      if (action < 0.1) {
        const row = makeRows(1, 1000 + i)[0] as Row;
        row.id = `new_${i}`;
        table.insert(row);
        live.push(row);
      } else if (action < 0.2) {
        const row = random.pick(live);
        table.delete(row);
        live = live.filter((candidate) => candidate !== row);
      } else {
        const row = random.pick(live);
        table.update(row, {
          status: random.pick(STATUSES),
          group: random.chance(0.2) ? null : `group_${random.int(0, 30)}`,
          tags: random.sample(['a', 'b', 'c'], random.int(0, 2)),
          score: random.int(0, 50),
          updated: random.int(0, 1_001_000),
        });
      }
    }
    // Many changes at once take the rebuild path.
    table.updateMany(live.slice(0, 700).map((row) => [row, { updated: 5, score: null }] as const));
    expect(table.size).toBe(live.length);
    for (const field of ['status', 'group', 'score', 'name', 'updated', 'id'] as const) {
      const sorted = table.sortedBy(field);
      expect(sorted).toHaveLength(live.length);
      for (let i = 1; i < sorted.length; i++) {
        const a = sorted[i - 1] as Row;
        const b = sorted[i] as Row;
        expect(compareValues(a[field], b[field]) || compareValues(a.id, b.id)).toBeLessThan(0);
      }
    }
    for (const status of STATUSES) {
      expect([...table.where('status', status)].sort((a, b) => compareValues(a.id, b.id))).toEqual(
        live.filter((row) => row.status === status).sort((a, b) => compareValues(a.id, b.id)),
      );
    }
    expect(table.containing('tags', 'a').size).toBe(live.filter((row) => row.tags.includes('a')).length);
    expect(table.tally('status-group', ['status', 'group'], statusByGroup)).toEqual(tallyOf(live, statusByGroup));
    expect(table.tally('score', ['score'], scores)).toEqual(tallyOf(live, scores));
    expect(table.tallyCount).toBe(2);
    const random2 = createRandom(17);
    for (let i = 0; i < 100; i++) {
      const request = randomRequest(random2);
      const result = listRows(table, request);
      expect({ ids: result.rows.map((row) => row.id), total: result.total }).toEqual(oracle(live, request));
    }
  });
});
