/**
 * The one implementation of list semantics (filter, sort, page, count) over a Table. The
 * admin layer turns the react-admin query into these conditions; nothing else filters lists.
 *
 * Planning: an indexed condition (equality on an indexed field, element of an indexed array)
 * yields the candidates; the page comes either from sorting the matching candidates or, when
 * that is cheaper, from walking the sorted index of the sort field until the page is full.
 * Free text is answered by the table's text index (text-index.ts), which gives the same rows as
 * the scan; `{ textIndex: false }` forces the scan, for the test that compares the two.
 */
import { compareRows, type FieldValue, type Table } from './table';

export type Condition<Row> =
  /** The field equals one of the values (null matches null). */
  | { kind: 'equals'; field: keyof Row & string; values: readonly FieldValue[] }
  /** The array field contains one of the values. */
  | { kind: 'contains'; field: keyof Row & string; values: readonly FieldValue[] }
  /** A numeric field within bounds: `min` inclusive, `below` exclusive. Null never matches. */
  | { kind: 'between'; field: keyof Row & string; min?: number; below?: number }
  /** Any of the fields contains the text, ignoring case. */
  | { kind: 'text'; fields: readonly (keyof Row & string)[]; text: string };

export interface ListRequest<Row> {
  conditions: readonly Condition<Row>[];
  sort: { field: keyof Row & string; order: 'ASC' | 'DESC' };
  /** Inclusive row range. */
  start: number;
  end: number;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
}

export interface ListOptions {
  textIndex?: boolean;
}

export function listRows<Row extends { id: string }>(
  table: Table<Row>,
  request: ListRequest<Row>,
  options: ListOptions = {},
): ListResult<Row> {
  const source = bestSource(table, request.conditions, options.textIndex ?? true);
  const matchesAll = compileAll(request.conditions);
  const matchesOthers = compileAll(request.conditions.filter((condition) => condition !== source?.condition));
  const candidates = (): Iterable<Iterable<Row>> => source?.buckets ?? [table.rows()];
  const candidateCount = source ? source.size : table.size;
  const { field, order } = request.sort;
  const pageSize = request.end - request.start + 1;

  const countMatching = (): number => {
    if (matchesOthers === null) return candidateCount;
    let count = 0;
    for (const bucket of candidates())
      for (const row of bucket) if (matchesOthers === null || matchesOthers(row)) count++;
    return count;
  };

  // Walking the sorted index pays off when the page fills long before the candidates would be
  // sorted; when the matches turn out to lie deep in the index, the walk stops at that budget.
  const sortCost = candidateCount * Math.log2(candidateCount + 2);
  const walkEstimate = ((request.end + 1) * table.size) / Math.max(1, candidateCount);
  if (walkEstimate < sortCost) {
    const index = table.sortedBy(field);
    // Every row matches: the page is a slice of the index, however deep (an export's last pages).
    if (matchesAll === null) {
      const rows =
        order === 'ASC'
          ? index.slice(request.start, request.end + 1)
          : index
              .slice(Math.max(0, index.length - 1 - request.end), Math.max(0, index.length - request.start))
              .reverse();
      return { rows: rows as Row[], total: index.length };
    }
    const rows: Row[] = [];
    let matched = 0;
    let visited = 0;
    const budget = Math.max(sortCost, 4 * walkEstimate);
    const step = order === 'ASC' ? 1 : -1;
    for (let i = order === 'ASC' ? 0 : index.length - 1; i >= 0 && i < index.length; i += step) {
      if (++visited > budget) break;
      const row = index[i] as Row;
      if (matchesAll !== null && !matchesAll(row)) continue;
      if (matched++ >= request.start) rows.push(row);
      if (rows.length === pageSize) return { rows, total: countMatching() };
    }
    if (visited <= budget) return { rows, total: countMatching() };
  }

  const matching: Row[] = [];
  for (const bucket of candidates()) {
    for (const row of bucket) if (matchesOthers === null || matchesOthers(row)) matching.push(row);
  }
  const direction = order === 'ASC' ? 1 : -1;
  matching.sort((a, b) => direction * compareRows(a, b, field));
  return { rows: matching.slice(request.start, request.end + 1), total: matching.length };
}

/** The text index is searched unless an indexed condition already leaves fewer than 1/N of the rows. */
const TEXT_SEARCH_WORTH = 16;

interface Source<Row> {
  condition: Condition<Row>;
  /** Exactly the rows that meet the condition, in disjoint groups. */
  buckets: readonly Iterable<Row>[];
  size: number;
}

/** The indexed condition with the fewest candidates, if any condition is indexed. */
function bestSource<Row extends { id: string }>(
  table: Table<Row>,
  conditions: readonly Condition<Row>[],
  useTextIndex: boolean,
): Source<Row> | undefined {
  let best: Source<Row> | undefined;
  for (const condition of conditions) {
    let buckets: ReadonlySet<Row>[] | undefined;
    if (condition.kind === 'equals' && table.hasEqualityIndex(condition.field)) {
      buckets = [...new Set(condition.values)].map((value) =>
        table.where(condition.field, value as Row[keyof Row & string]),
      );
    } else if (condition.kind === 'contains' && table.hasElementIndex(condition.field)) {
      buckets = [...new Set(condition.values)].map((value) => table.containing(condition.field, value));
      // Element buckets may overlap (a message in two of the channels asked for).
      if (buckets.length > 1) buckets = [new Set(buckets.flatMap((bucket) => [...bucket]))];
    }
    if (!buckets) continue;
    const size = buckets.reduce((sum, bucket) => sum + bucket.size, 0);
    if (!best || size < best.size) best = { condition, buckets, size };
  }
  // Free text last: a search reads every row's text, which a small indexed bucket makes moot.
  if (useTextIndex && (!best || best.size > table.size / TEXT_SEARCH_WORTH)) {
    for (const condition of conditions) {
      if (condition.kind !== 'text') continue;
      const found = table.textIndex(condition.fields).search(condition.text);
      if (found && (!best || found.size < best.size)) best = { condition, buckets: [found], size: found.size };
    }
  }
  return best;
}

/** One predicate for all the conditions; null when there are none (everything matches). */
function compileAll<Row>(conditions: readonly Condition<Row>[]): ((row: Row) => boolean) | null {
  const tests = conditions.map(compile);
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0] as (row: Row) => boolean;
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
}

function compile<Row>(condition: Condition<Row>): (row: Row) => boolean {
  switch (condition.kind) {
    case 'equals': {
      const { field, values } = condition;
      if (values.length === 1) {
        const [value] = values;
        return value === null ? (row) => row[field] == null : (row) => row[field] === value;
      }
      const wanted = new Set(values);
      return (row) => wanted.has((row[field] ?? null) as FieldValue);
    }
    case 'contains': {
      const { field, values } = condition;
      return (row) => {
        const list = row[field];
        return Array.isArray(list) && values.some((value) => list.includes(value));
      };
    }
    case 'between': {
      const { field, min = -Infinity, below = Infinity } = condition;
      return (row) => {
        const value = row[field];
        return typeof value === 'number' && value >= min && value < below;
      };
    }
    case 'text': {
      const pattern = new RegExp(condition.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      const { fields } = condition;
      return (row) =>
        fields.some((field) => {
          const value = row[field];
          return typeof value === 'string' && pattern.test(value);
        });
    }
  }
}
