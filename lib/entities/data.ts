/**
 * Every read of the entity pages (lists, detail pages, their related records), in one place:
 * pages and components read through these, never through lib/upstream directly. Reads that a
 * page shows go through `readFromService` (a rejected token sends the operator to sign in).
 */
import 'server-only';
import { readFromService } from '@/lib/auth/session';
import { raRecordSchema, type ListQuery, type RaRecord } from '@/lib/upstream/contract';
import type { UpstreamClient } from '@/lib/upstream/client';
import { countRecords, getRecord, listRecords } from '@/lib/upstream/ra';
import { findEntity } from './registry';

export { countRelated, linkedIds, readTitles } from './related';

/** The registry's schema for one record of an entity, or the bare record schema for an unknown one. */
const schemaOf = (entity: string) => findEntity(entity)?.schema ?? raRecordSchema;

/** One page of an entity's list, and how many records match. */
export function readEntityList(upstream: UpstreamClient, entity: string, query: ListQuery) {
  return readFromService(listRecords(upstream, entity, query, schemaOf(entity)));
}

/** One record of an entity. */
export function readEntityRecord(upstream: UpstreamClient, entity: string, id: string) {
  return readFromService<RaRecord>(getRecord(upstream, entity, id, schemaOf(entity)));
}

/** How many records match a filter, or null when the service could not say (a hint, never an error). */
export function countEntityOrNull(
  upstream: UpstreamClient,
  entity: string,
  filter: Record<string, unknown>,
): Promise<number | null> {
  return countRecords(upstream, entity, filter).catch(() => null);
}
