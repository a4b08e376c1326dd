/**
 * How a dry run reads its selection from the service: a filter page by page in id order, or
 * explicit ids in lookups small enough for a query string. Each page goes to the plan's writer;
 * the runners' background reader (lib/jobs/runner/plan-reader.ts) reads a filter's later pages
 * with the same calls.
 */
import type { UpstreamClient } from '@/lib/upstream/client';
import { listRecords } from '@/lib/upstream/ra';
import type { PlanOptions } from './dry-run';
import type { AnyItemKind, KindRecord, PlanWriter } from './writer';

export const DEFAULT_PLAN_PAGE_SIZE = 500;
/**
 * Ids per lookup of an explicit selection: they travel in the query string (filter={"id":[...]}),
 * which must stay well under common URL and header limits (docs/bench.md has the sizes).
 */
export const ID_LOOKUP_SIZE = 100;

/** Where a dry run handed over to the background: the filter and the offset to read next. */
export interface BackgroundHandover {
  filter: Record<string, unknown>;
  nextStart: number;
  pageSize: number;
}

/** One page of a filter's records, in id order; the reads of a background dry run too. */
export function readFilterPage(
  upstream: UpstreamClient,
  kind: AnyItemKind,
  filter: Record<string, unknown>,
  start: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return listRecords(
    upstream,
    kind.entity,
    { sort: { field: 'id', order: 'ASC' }, range: { start, end: start + pageSize - 1 }, filter },
    kind.schema,
    signal,
  );
}

/** Whether a page of a filter's read was its last. */
export const isLastPage = (page: { rows: readonly unknown[]; total: number }, start: number, pageSize: number) =>
  page.rows.length < pageSize || start + pageSize >= page.total;

/**
 * Reads a filter's records; past the first page, one matching more than `inlineLimit` records
 * is handed over to the background (returned) instead of read here.
 */
export async function readByFilter(
  upstream: UpstreamClient,
  kind: AnyItemKind,
  filter: Record<string, unknown>,
  writer: PlanWriter,
  options: PlanOptions,
): Promise<BackgroundHandover | null> {
  const pageSize = options.pageSize ?? DEFAULT_PLAN_PAGE_SIZE;
  for (let start = 0; ; start += pageSize) {
    const page = await readFilterPage(upstream, kind, filter, start, pageSize, options.signal);
    writer.reportedTotal ??= page.total;
    await writer.add(kind, page.rows);
    if (isLastPage(page, start, pageSize)) return null;
    if (options.inlineLimit !== undefined && page.total > options.inlineLimit)
      return { filter, nextStart: start + pageSize, pageSize };
  }
}

export async function readByIds(
  upstream: UpstreamClient,
  kind: AnyItemKind,
  ids: readonly string[],
  writer: PlanWriter,
  options: PlanOptions,
): Promise<void> {
  const pageSize = Math.min(options.pageSize ?? ID_LOOKUP_SIZE, ID_LOOKUP_SIZE);
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += pageSize) {
    await readIdsPage(upstream, kind, unique.slice(start, start + pageSize), writer, options, writer.defaultTarget);
  }
  writer.reportedTotal = unique.length;
}

export async function readIdsPage(
  upstream: UpstreamClient,
  kind: AnyItemKind,
  ids: readonly string[],
  writer: PlanWriter,
  options: PlanOptions,
  targetFor: (record: KindRecord) => string | null,
): Promise<void> {
  const page = await listRecords(
    upstream,
    kind.entity,
    { sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: ids.length - 1 }, filter: { id: ids } },
    kind.schema,
    options.signal,
  );
  const seen = new Set<string>();
  for (const record of page.rows) {
    seen.add(record.id);
    seen.add(kind.itemId(record));
  }
  writer.missing(ids.filter((id) => !seen.has(id)));
  await writer.add(kind, page.rows, targetFor);
}
