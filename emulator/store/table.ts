/**
 * An in-memory table of rows keyed by `id`, with the indexes lists and operations need:
 *   - equality indexes (field value -> rows), declared per table;
 *   - element indexes for array fields (each element -> rows), e.g. a message's channel_guids;
 *   - sorted indexes by (field, id), for any field;
 *   - tallies: how many rows have each value of a key read from some fields (a day and a status).
 * Every index is built on first use (a large table starts in the time it takes to read it) and
 * maintained on every change after that. Rows change only through `update`, so the indexes
 * always agree with the rows.
 */

import { TextIndex } from './text-index';

/** The values a scalar field holds; `undefined` is read as null. */
export type FieldValue = string | number | boolean | null;

export interface TableOptions<Row> {
  /** Scalar fields with an equality index. */
  indexed?: readonly (keyof Row & string)[];
  /** Array fields indexed by each of their elements. */
  elementIndexed?: readonly (keyof Row & string)[];
}

/**
 * Orders field values as PostgreSQL does by default: null after every value (so first when
 * descending); strings by UTF-16 code unit, so the order never depends on a locale.
 */
export function compareValues(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Above this many changes in one `updateMany`, affected sorted indexes are rebuilt rather than patched. */
const BULK_REBUILD_THRESHOLD = 500;

export class Table<Row extends { id: string }> {
  private readonly byId = new Map<string, Row>();
  private readonly indexedFields: ReadonlySet<string>;
  private readonly elementIndexedFields: ReadonlySet<string>;
  /** The indexes built so far. */
  private readonly equality = new Map<keyof Row & string, Map<FieldValue, Set<Row>>>();
  private readonly elements = new Map<keyof Row & string, Map<FieldValue, Set<Row>>>();
  private readonly sorted = new Map<keyof Row & string, Row[]>();
  /** Free-text indexes by their fields (text-index.ts), built on first search. */
  private readonly texts: TextIndex<Row>[] = [];
  private readonly tallies = new Map<string, Tally<Row>>();

  constructor(rows: Iterable<Row>, options: TableOptions<Row> = {}) {
    this.indexedFields = new Set(options.indexed ?? []);
    this.elementIndexedFields = new Set(options.elementIndexed ?? []);
    for (const row of rows) {
      if (this.byId.has(row.id)) throw new Error(`duplicate id ${row.id}`);
      this.byId.set(row.id, row);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Row | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  rows(): IterableIterator<Row> {
    return this.byId.values();
  }

  hasEqualityIndex(field: keyof Row & string): boolean {
    return field === 'id' || this.indexedFields.has(field);
  }

  hasElementIndex(field: keyof Row & string): boolean {
    return this.elementIndexedFields.has(field);
  }

  /** Rows whose `field` equals `value` (null matches null and absent values). Needs an index. */
  where<K extends keyof Row & string>(field: K, value: Row[K] | null): ReadonlySet<Row> {
    if (field === 'id') {
      const row = typeof value === 'string' ? this.byId.get(value) : undefined;
      return new Set(row ? [row] : []);
    }
    return this.equalityIndex(field).get(normalise(value)) ?? EMPTY;
  }

  /** Rows whose array `field` contains `element`. Needs an element index. */
  containing<K extends keyof Row & string>(field: K, element: FieldValue): ReadonlySet<Row> {
    return this.elementIndex(field).get(element) ?? EMPTY;
  }

  /** Every row ordered by (field, id) ascending. */
  sortedBy(field: keyof Row & string): readonly Row[] {
    let index = this.sorted.get(field);
    if (!index) {
      // Sorting the id order stably by the field alone leaves ties in id order, without comparing ids.
      index =
        field === 'id'
          ? [...this.byId.values()].sort((a, b) => compareValues(a.id, b.id))
          : [...this.sortedBy('id')].sort((a, b) => compareValues(a[field], b[field]));
      this.sorted.set(field, index);
    }
    return index;
  }

  /** The free-text index over exactly these fields, created on first use. */
  textIndex(fields: readonly (keyof Row & string)[]): TextIndex<Row> {
    let index = this.texts.find((candidate) => candidate.covers(fields));
    if (!index) {
      index = new TextIndex(fields, () => this.byId.values());
      this.texts.push(index);
    }
    return index;
  }

  /**
   * How many rows have each key, where `keyOf` reads only `fields`: built under `name` on first
   * use and kept true on every change after, so a count over a million rows is a lookup. A name
   * stands for one key function: later calls with the name get its tally as it is.
   */
  tally(
    name: string,
    fields: readonly (keyof Row & string)[],
    keyOf: (row: Row) => string,
  ): ReadonlyMap<string, number> {
    let tally = this.tallies.get(name);
    if (!tally) {
      tally = { fields: new Set(fields), keyOf, counts: new Map() };
      for (const row of this.byId.values()) count(tally, keyOf(row), 1);
      this.tallies.set(name, tally);
    }
    return tally.counts;
  }

  hasTally(name: string): boolean {
    return this.tallies.has(name);
  }

  /** How many tallies are kept (each costs a key per change of its fields). */
  get tallyCount(): number {
    return this.tallies.size;
  }

  private equalityIndex(field: keyof Row & string): Map<FieldValue, Set<Row>> {
    let index = this.equality.get(field);
    if (!index) {
      if (!this.indexedFields.has(field)) throw new Error(`${field} has no equality index`);
      index = groupBy(this.byId.values(), (row) => [normalise(row[field])]);
      this.equality.set(field, index);
    }
    return index;
  }

  private elementIndex(field: keyof Row & string): Map<FieldValue, Set<Row>> {
    let index = this.elements.get(field);
    if (!index) {
      if (!this.elementIndexedFields.has(field)) throw new Error(`${field} has no element index`);
      index = groupBy(this.byId.values(), (row) => elementsOf(row[field]));
      this.elements.set(field, index);
    }
    return index;
  }

  insert(row: Row): void {
    if (this.byId.has(row.id)) throw new Error(`duplicate id ${row.id}`);
    this.byId.set(row.id, row);
    for (const [field, index] of this.equality) addTo(index, normalise(row[field]), row);
    for (const [field, index] of this.elements) {
      for (const element of elementsOf(row[field])) addTo(index, element, row);
    }
    for (const [field, index] of this.sorted) index.splice(insertionPoint(index, row, field), 0, row);
    for (const tally of this.tallies.values()) count(tally, tally.keyOf(row), 1);
    for (const index of this.texts) index.invalidate();
  }

  delete(row: Row): void {
    if (this.byId.get(row.id) !== row) return;
    for (const tally of this.tallies.values()) count(tally, tally.keyOf(row), -1);
    for (const [field, index] of this.sorted) removeSorted(index, row, field);
    for (const [field, index] of this.equality) index.get(normalise(row[field]))?.delete(row);
    for (const [field, index] of this.elements) {
      for (const element of elementsOf(row[field])) index.get(element)?.delete(row);
    }
    this.byId.delete(row.id);
    for (const index of this.texts) index.invalidate();
  }

  /** Changes fields of a stored row in place. The id never changes. */
  update(row: Row, changes: Partial<Omit<Row, 'id'>>): void {
    this.updateMany([[row, changes]]);
  }

  updateMany(changes: ReadonlyArray<readonly [Row, Partial<Omit<Row, 'id'>>]>): void {
    const touched = new Set<keyof Row & string>();
    for (const [, change] of changes)
      for (const field of Object.keys(change) as (keyof Row & string)[]) touched.add(field);
    // Patching a sorted array costs a move of the array per change: past a point, rebuild it.
    const rebuild = changes.length > BULK_REBUILD_THRESHOLD;
    if (rebuild) for (const field of touched) this.sorted.delete(field);
    for (const index of this.texts) if (index.reads([...touched])) index.invalidate();

    const recounted = [...this.tallies.values()].filter((tally) =>
      [...touched].some((field) => tally.fields.has(field)),
    );
    for (const [row, change] of changes) {
      if (this.byId.get(row.id) !== row) throw new Error(`row ${row.id} is not stored in this table`);
      const keysBefore = recounted.map((tally) => tally.keyOf(row));
      for (const field of Object.keys(change) as (keyof Row & string)[]) {
        const next = (change as Partial<Row>)[field] as Row[typeof field];
        const previous = row[field];
        if (previous === next) continue;
        const sortedIndex = this.sorted.get(field);
        if (sortedIndex) removeSorted(sortedIndex, row, field);
        const equalityIndex = this.equality.get(field);
        if (equalityIndex) equalityIndex.get(normalise(previous))?.delete(row);
        const elementIndex = this.elements.get(field);
        if (elementIndex) for (const element of elementsOf(previous)) elementIndex.get(element)?.delete(row);

        row[field] = next;

        if (equalityIndex) addTo(equalityIndex, normalise(next), row);
        if (elementIndex) for (const element of elementsOf(next)) addTo(elementIndex, element, row);
        if (sortedIndex) sortedIndex.splice(insertionPoint(sortedIndex, row, field), 0, row);
      }
      recounted.forEach((tally, index) => {
        const before = keysBefore[index]!;
        const after = tally.keyOf(row);
        if (after === before) return;
        count(tally, before, -1);
        count(tally, after, 1);
      });
    }
  }
}

interface Tally<Row> {
  fields: ReadonlySet<string>;
  keyOf: (row: Row) => string;
  counts: Map<string, number>;
}

/** Adds `delta` to a key's count; a key no row has any more is dropped, as a fresh count would. */
function count<Row>(tally: Tally<Row>, key: string, delta: number): void {
  const next = (tally.counts.get(key) ?? 0) + delta;
  if (next === 0) tally.counts.delete(key);
  else tally.counts.set(key, next);
}

const EMPTY: ReadonlySet<never> = new Set<never>();

/** Groups rows by keys; arrays first, then sets, which is twice as fast for large tables. */
function groupBy<Row>(rows: Iterable<Row>, keysOf: (row: Row) => readonly FieldValue[]): Map<FieldValue, Set<Row>> {
  const groups = new Map<FieldValue, Row[]>();
  for (const row of rows) {
    for (const key of keysOf(row)) {
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  const index = new Map<FieldValue, Set<Row>>();
  for (const [key, group] of groups) index.set(key, new Set(group));
  return index;
}

function normalise(value: unknown): FieldValue {
  return value === undefined ? null : (value as FieldValue);
}

function elementsOf(value: unknown): FieldValue[] {
  return Array.isArray(value) ? (value as FieldValue[]) : [];
}

function addTo<Row>(index: Map<FieldValue, Set<Row>>, key: FieldValue, row: Row): void {
  let bucket = index.get(key);
  if (!bucket) {
    bucket = new Set();
    index.set(key, bucket);
  }
  bucket.add(row);
}

export function compareRows<Row extends { id: string }>(a: Row, b: Row, field: keyof Row & string): number {
  return compareValues(a[field], b[field]) || compareValues(a.id, b.id);
}

/** First position whose row sorts at or after `row` by (field, id). */
function insertionPoint<Row extends { id: string }>(
  index: readonly Row[],
  row: Row,
  field: keyof Row & string,
): number {
  let low = 0;
  let high = index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRows(index[middle] as Row, row, field) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Removes `row` while it still holds the value it is sorted by. */
function removeSorted<Row extends { id: string }>(index: Row[], row: Row, field: keyof Row & string): void {
  const position = insertionPoint(index, row, field);
  if (index[position] === row) index.splice(position, 1);
  else throw new Error(`sorted index on ${field} lost row ${row.id}`);
}
