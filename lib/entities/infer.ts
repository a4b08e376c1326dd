/**
 * Columns for an entity the registry does not know, guessed from the records of one page.
 * The guess only chooses how a value is shown; every value still goes through the same safe
 * cells (text stays text, only http(s) URLs become links), so a wrong guess is harmless.
 */
import { SORT_FIELD_PATTERN } from './list-state';
import { entityColumn } from './columns';
import type { ColumnKind, EntityColumn, EntityView } from './types';

/** How many inferred columns are shown before the operator picks more. */
const VISIBLE_INFERRED_COLUMNS = 8;

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HTTP_URL = /^https?:\/\/\S+$/i;
/** Epoch milliseconds between 2001 and 2286; seconds between 2001 and 2286. */
const EPOCH_MS = { min: 1e12, max: 1e13 };
const EPOCH_S = { min: 1e9, max: 1e10 };

function kindOfValue(key: string, value: unknown): ColumnKind | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    const timeLike = /(_ts|_at|_on|time|date)$/i.test(key);
    if (timeLike && value >= EPOCH_MS.min && value < EPOCH_MS.max) return 'epoch-ms';
    if (timeLike && value >= EPOCH_S.min && value < EPOCH_S.max) return 'epoch-s';
    if (/_ms$/.test(key) && /duration/i.test(key)) return 'duration';
    return 'number';
  }
  if (Array.isArray(value))
    return value.every((item) => typeof item === 'string' || typeof item === 'number') ? 'list' : 'json';
  if (typeof value === 'object') return 'json';
  if (typeof value !== 'string') return 'text';
  if (key === 'id' || /(_id|_guid|Id)$/.test(key)) return 'id';
  if (ISO_DATETIME.test(value)) return 'iso-datetime';
  if (EMAIL.test(value)) return 'email';
  if (HTTP_URL.test(value)) return 'url';
  return 'text';
}

/** `workspace_guid` -> `Workspace guid`. */
function labelFor(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words === '' ? key : words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/**
 * The columns of the records: every key seen, `id` first, then in order of first appearance.
 * A key whose values disagree on a kind is shown as text (or JSON when any value is an object).
 */
export function inferColumns(records: readonly Readonly<Record<string, unknown>>[]): EntityColumn[] {
  const kinds = new Map<string, Set<ColumnKind>>([['id', new Set()]]);
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      const seen = kinds.get(key) ?? new Set<ColumnKind>();
      const kind = kindOfValue(key, value);
      if (kind) seen.add(kind);
      kinds.set(key, seen);
    }
  }
  return [...kinds].map(([key, seen], index) => {
    const kind: ColumnKind = seen.size === 1 ? [...seen][0]! : seen.has('json') ? 'json' : key === 'id' ? 'id' : 'text';
    return entityColumn(key, key === 'id' ? 'Id' : labelFor(key), kind, {
      // The service is asked to sort only by scalar fields, named as the sort parameter can name them.
      sortable: kind !== 'json' && kind !== 'list' && SORT_FIELD_PATTERN.test(key),
      hidden: index >= VISIBLE_INFERRED_COLUMNS,
    });
  });
}

/** A view of an unknown entity: inferred columns, the service's default order, free text only. */
export function inferEntity(name: string, records: readonly Readonly<Record<string, unknown>>[]): EntityView {
  const label = labelFor(name);
  return {
    name,
    label,
    singular: label,
    known: false,
    columns: inferColumns(records),
    defaultSort: null,
    filters: [],
    searchHint: 'any text',
    relatedLists: [],
    nested: [],
  };
}
