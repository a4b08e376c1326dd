/**
 * The records a record points at, and the lists that point back at it. Titles of linked
 * records are read through lib/entities/names.ts; a failed or missing read leaves the link
 * showing its bare id.
 */
import 'server-only';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { countRecords } from '@/lib/upstream/ra';
import { readNames, type NameRecord } from './names';
import { findEntity } from './registry';
import type { EntityColumn, EntityView, RelatedList } from './types';

type Row = Readonly<Record<string, unknown>>;

/** The ids a column's value holds: a string, or a list of strings. */
export function idsIn(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}

/** Every id the record links to, by target entity (nested tables included). */
export function linkedIds(entity: EntityView, record: Row): Map<string, Set<string>> {
  const byEntity = new Map<string, Set<string>>();
  const add = (column: EntityColumn, value: unknown) => {
    const { linkTo } = column.meta;
    if (!linkTo) return;
    const ids = byEntity.get(linkTo) ?? new Set<string>();
    for (const id of idsIn(value)) ids.add(id);
    byEntity.set(linkTo, ids);
  };
  for (const column of entity.columns) add(column, record[column.id]);
  for (const nested of entity.nested) {
    const rows = record[nested.field];
    if (!Array.isArray(rows)) continue;
    for (const row of rows) {
      if (row === null || typeof row !== 'object') continue;
      for (const column of nested.columns) add(column, (row as Row)[column.id]);
    }
  }
  return byEntity;
}

/** The ids a page of rows links to through its columns (nested tables left out), by target entity. */
export function linkedColumnIds(entity: Pick<EntityView, 'columns'>, rows: readonly Row[]): Record<string, string[]> {
  const byEntity: Record<string, string[]> = {};
  for (const column of entity.columns) {
    const { linkTo } = column.meta;
    if (!linkTo) continue;
    const ids = (byEntity[linkTo] ??= []);
    for (const row of rows) ids.push(...idsIn(row[column.id]));
  }
  return byEntity;
}

/** Titles of linked records, keyed by their detail page's href. */
export type Titles = ReadonlyMap<string, string>;

/** The linked records' names (lib/entities/names.ts: one read per entity, in parallel, ids on failure). */
export async function readTitles(upstream: UpstreamClient, ids: Map<string, Set<string>>): Promise<Titles> {
  return titlesOf(await readNames(upstream, Object.fromEntries(ids)));
}

/** Titles from names already read (a page that reads its linked and related records' names at once). */
export function titlesOf(names: NameRecord): Titles {
  return new Map(Object.entries(names).map(([href, name]) => [href, name.name]));
}

export type RelatedCount = { related: RelatedList; count: number } | { related: RelatedList; failure: UpstreamFailure };

/** How many records of each related list point at this id; service failures become results, not rejections. */
export function countRelated(upstream: UpstreamClient, entity: EntityView, id: string): Promise<RelatedCount[]> {
  return Promise.all(
    entity.relatedLists.map(async (related): Promise<RelatedCount> => {
      const target = findEntity(related.entity);
      const filter = target?.filters.find((spec) => spec.kind !== 'date-range' && spec.param === related.param);
      if (!filter || filter.kind === 'date-range')
        throw new Error(`registry: ${related.entity} has no filter ${related.param}`);
      try {
        return { related, count: await countRecords(upstream, related.entity, { [filter.field]: id }) };
      } catch (error) {
        if (isUpstreamError(error)) return { related, failure: describeUpstreamError(error) };
        throw error;
      }
    }),
  );
}
