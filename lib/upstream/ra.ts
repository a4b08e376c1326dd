/** The /admin/ra list and one-record reads, in the react-admin simple-REST convention. */
import { z } from 'zod';
import type { UpstreamClient } from './client';
import { encodeListQuery, parseContentRangeTotal, pathSegment, type ListQuery } from './contract';
import { UpstreamError, type RateLimitInfo } from './client/errors';

export interface ListResult<T> {
  rows: T[];
  total: number;
  requestId: string;
  /** The answer's rate-limit headers, for callers that pace many reads (exports). */
  rateLimit?: RateLimitInfo;
}

const entityPath = (entity: string) => `/admin/ra/${pathSegment(entity)}`;

/**
 * One array schema per row schema, so that identical list reads of one page carry the same
 * schema and are sent once (UpstreamClient.request shares a read in flight per schema).
 */
const arraySchemas = new WeakMap<z.ZodType, z.ZodType>();

function arrayOf<T>(rowSchema: z.ZodType<T>): z.ZodType<T[]> {
  let schema = arraySchemas.get(rowSchema);
  if (!schema) arraySchemas.set(rowSchema, (schema = z.array(rowSchema)));
  return schema as z.ZodType<T[]>;
}

/** A count reads one row of any shape: only the total in Content-Range matters. */
const anyRow = z.unknown();

/**
 * List reads in flight per client, by entity and filter: a count asked meanwhile takes the total
 * their answer carries (Content-Range) instead of a read of its own. A page that lists a user's
 * latest messages and also shows how many there are reads them once.
 */
const totalsInFlight = new WeakMap<UpstreamClient, Map<string, Promise<number>>>();

const totalKey = (entity: string, filter: ListQuery['filter']) =>
  `${entity}?${encodeListQuery({ filter }).get('filter') ?? ''}`;

export function listRecords<T>(
  client: UpstreamClient,
  entity: string,
  query: ListQuery,
  rowSchema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<ListResult<T>> {
  const read = readList(client, { entity, query, rowSchema, signal });
  // A count reads one row with no sort; that read itself is shared by UpstreamClient.request.
  if (signal === undefined && !isCountQuery(query)) {
    let totals = totalsInFlight.get(client);
    if (!totals) totalsInFlight.set(client, (totals = new Map()));
    const key = totalKey(entity, query.filter);
    const total = read.then((result) => result.total);
    totals.set(key, total);
    const forget = () => {
      if (totals.get(key) === total) totals.delete(key);
    };
    total.then(forget, forget);
  }
  return read;
}

const isCountQuery = (query: ListQuery) =>
  query.range?.start === 0 && query.range.end === 0 && query.sort === undefined;

/** One list read as listRecords was asked for it. */
interface ListRead<T> {
  entity: string;
  query: ListQuery;
  rowSchema: z.ZodType<T>;
  signal: AbortSignal | undefined;
}

async function readList<T>(
  client: UpstreamClient,
  { entity, query, rowSchema, signal }: ListRead<T>,
): Promise<ListResult<T>> {
  const path = entityPath(entity);
  const response = await client.request({
    method: 'GET',
    path,
    query: encodeListQuery(query),
    schema: arrayOf(rowSchema),
    signal,
  });
  const header = response.headers.get('content-range');
  const total = parseContentRangeTotal(header) ?? Number(response.headers.get('x-total-count') ?? NaN);
  if (!Number.isFinite(total)) {
    throw new UpstreamError({
      kind: 'invalid_response',
      method: 'GET',
      path,
      status: response.status,
      requestId: response.requestId,
      serviceMessage: 'The list answer has no Content-Range total',
    });
  }
  return { rows: response.data, total, requestId: response.requestId, rateLimit: response.rateLimit };
}

/**
 * The total count of an entity's records matching a filter: the total of a list read of the same
 * filter in flight on this client, else a read of a single row. A failed list read does not fail
 * the count: it is then read on its own.
 */
export async function countRecords(
  client: UpstreamClient,
  entity: string,
  filter?: Record<string, unknown>,
): Promise<number> {
  const listed = totalsInFlight.get(client)?.get(totalKey(entity, filter));
  if (listed) {
    const total = await listed.catch(() => null);
    if (total !== null) return total;
  }
  const result = await listRecords(client, entity, { range: { start: 0, end: 0 }, filter }, anyRow);
  return result.total;
}

export async function getRecord<T>(
  client: UpstreamClient,
  entity: string,
  id: string,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await client.request({ method: 'GET', path: `${entityPath(entity)}/${pathSegment(id)}`, schema });
  return response.data;
}
