/**
 * The react-admin "simple REST" list convention of /admin/ra: sort, range, filter, Content-Range.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The react-admin "simple REST" list convention of /admin/ra (see ARCHITECTURE.md)
//
// ASSUMPTIONS beyond the convention's exact-match filters, which the console relies on:
// - a filter value that is an array matches any of its values (react-admin's getMany sends
//   `{"id": [...]}`; the console also sends lists of statuses);
// - messages take `updated_after`/`updated_before` bounds on `last_updated_at` in epoch
//   milliseconds (`after` inclusive, `before` exclusive), which the stuck queue's age buckets
//   use, like the `created_*` bounds the registry lists (lib/entities/registry.ts);
// - the entities are named in the plural (`/admin/ra/messages`), although the message
//   operations live under the singular `/admin/ra/message/{guid}/...`, and agents are listed as
//   `/admin/ra/agents`.

export type SortOrder = 'ASC' | 'DESC';
export interface ListQuery {
  /** Field and order. */
  sort?: { field: string; order: SortOrder };
  /** Inclusive zero-based row range, as react-admin sends it. */
  range?: { start: number; end: number };
  /** Exact-match fields, id lists (`{id: [...]}`) and free text `q`. */
  filter?: Record<string, unknown>;
}

/** Encodes a list query as the `sort`, `range` and `filter` JSON query parameters. */
export function encodeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', JSON.stringify([query.sort.field, query.sort.order]));
  if (query.range) params.set('range', JSON.stringify([query.range.start, query.range.end]));
  if (query.filter && Object.keys(query.filter).length > 0) {
    params.set('filter', JSON.stringify(query.filter));
  }
  return params;
}

const sortParamSchema = z.tuple([z.string().min(1), z.enum(['ASC', 'DESC'])]);
const rangeParamSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([start, end]) => end >= start, 'range end must not be before its start');
const filterParamSchema = z.record(z.string(), z.unknown());

export type ListQueryParseResult =
  | { ok: true; query: ListQuery }
  | { ok: false; parameter: 'sort' | 'range' | 'filter'; message: string };

/** Parses the `sort`, `range`, `filter` query parameters, naming the parameter that is wrong. */
export function parseListQuery(params: URLSearchParams): ListQueryParseResult {
  const query: ListQuery = {};
  const parts = [
    ['sort', sortParamSchema],
    ['range', rangeParamSchema],
    ['filter', filterParamSchema],
  ] as const;
  for (const [name, schema] of parts) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, parameter: name, message: `${name} is not valid JSON` };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, parameter: name, message: `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    }
    if (name === 'sort') {
      const [field, order] = parsed.data as z.infer<typeof sortParamSchema>;
      query.sort = { field, order };
    } else if (name === 'range') {
      const [start, end] = parsed.data as [number, number];
      query.range = { start, end };
    } else {
      query.filter = parsed.data as Record<string, unknown>;
    }
  }
  return { ok: true, query };
}

/**
 * `Content-Range: users 0-24/319`. ASSUMPTION: an empty page is written with `*` as its range
 * (`users *` + `/319`), as RFC 9110 writes an unsatisfied range.
 */
export function formatContentRange(entity: string, start: number, count: number, total: number): string {
  if (count === 0) return `${entity} */${total}`;
  return `${entity} ${start}-${start + count - 1}/${total}`;
}

/** Reads the total from a `Content-Range` header; `null` when absent or malformed. */
export function parseContentRangeTotal(header: string | null): number | null {
  if (!header) return null;
  const match = /\/(\d+)\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}
