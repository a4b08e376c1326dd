/**
 * The domains area's reads: one page of domains with the name of each one's workspace (one
 * batch read of the page's workspaces, never one per row), and lookups the writes need.
 */
import 'server-only';
import type { ListState } from '@/lib/entities/list-state';
import { toListQuery } from '@/lib/entities/list-params';
import type { EntityView } from '@/lib/entities/types';
import { type UpstreamClient, isUpstreamError } from '@/lib/upstream/client';
import { domainSchema, workspaceSchema, type Domain, type ListQuery, type Workspace } from '@/lib/upstream/contract';
import { getRecord, listRecords } from '@/lib/upstream/ra';
import { asciiPart, hasNonAscii, unicodeForm, unicodeFormContains } from './unicode';

export interface DomainRow {
  id: string;
  /** As stored: ASCII, international names in punycode. */
  domain: string;
  /** The Unicode form, when it differs from the stored one. */
  unicode: string | null;
  workspaceGuid: string;
  /** Null when the workspace could not be read (gone, or purged). */
  workspaceName: string | null;
  workspaceDeleted: boolean;
  createdAt: string;
  updatedAt: string | null;
}

/** The workspaces of these ids, in one read (the list convention's id-array filter). */
export async function workspacesByIds(
  upstream: UpstreamClient,
  ids: readonly string[],
): Promise<Map<string, Workspace>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await listRecords(
    upstream,
    'workspaces',
    { range: { start: 0, end: unique.length - 1 }, filter: { id: unique } },
    workspaceSchema,
  );
  return new Map(rows.map((workspace) => [workspace.id, workspace]));
}

function toRow(domain: Domain, workspaces: ReadonlyMap<string, Workspace>): DomainRow {
  const workspace = workspaces.get(domain.workspace_guid);
  return {
    id: domain.id,
    domain: domain.domain,
    unicode: unicodeForm(domain.domain),
    workspaceGuid: domain.workspace_guid,
    workspaceName: workspace ? workspace.workspace_name?.trim() || workspace.id : null,
    workspaceDeleted: Boolean(workspace?.deleted_at),
    createdAt: domain.created_at,
    updatedAt: domain.updated_at ?? null,
  };
}

/** Domains read to filter a search typed in Unicode: far more than any such search matches. */
const UNICODE_SEARCH_SCAN = 500;

/**
 * Domains whose Unicode form contains `search`, which has characters outside ASCII: the service
 * searches the stored punycode, so it is asked for the search's ASCII characters (a superset of
 * the matches) and the console keeps the names that hold the search, in the service's order.
 */
export async function domainsMatchingUnicode(
  upstream: UpstreamClient,
  search: string,
  query: ListQuery = {},
): Promise<Domain[]> {
  const ascii = asciiPart(search);
  const { rows } = await listRecords(
    upstream,
    'domains',
    {
      ...query,
      range: { start: 0, end: UNICODE_SEARCH_SCAN - 1 },
      filter: { ...query.filter, ...(ascii ? { q: ascii } : {}) },
    },
    domainSchema,
  );
  return rows.filter((domain) => unicodeFormContains(domain.domain, search));
}

export async function readDomainPage(
  upstream: UpstreamClient,
  view: EntityView,
  state: ListState,
): Promise<{ rows: DomainRow[]; total: number }> {
  const query = toListQuery(view, state);
  const page = hasNonAscii(state.q)
    ? await domainsMatchingUnicode(upstream, state.q, {
        ...query,
        filter: Object.fromEntries(Object.entries(query.filter ?? {}).filter(([field]) => field !== 'q')),
      }).then((rows) => ({
        rows: rows.slice((state.page - 1) * state.size, state.page * state.size),
        total: rows.length,
      }))
    : await listRecords(upstream, 'domains', query, domainSchema);
  const workspaces = await workspacesByIds(
    upstream,
    page.rows.map((domain) => domain.workspace_guid),
  );
  return { rows: page.rows.map((domain) => toRow(domain, workspaces)), total: page.total };
}

/** The domain with this stored name, if any. */
export async function findDomainByName(upstream: UpstreamClient, ascii: string): Promise<Domain | null> {
  const { rows } = await listRecords(
    upstream,
    'domains',
    { range: { start: 0, end: 0 }, filter: { domain: ascii } },
    domainSchema,
  );
  return rows[0] ?? null;
}

/** One record, or null when the service says there is none. */
export async function readOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isUpstreamError(error) && error.kind === 'not_found') return null;
    throw error;
  }
}

export function readDomain(upstream: UpstreamClient, id: string): Promise<Domain | null> {
  return readOrNull(getRecord(upstream, 'domains', id, domainSchema));
}

export function readWorkspace(upstream: UpstreamClient, id: string): Promise<Workspace | null> {
  return readOrNull(getRecord(upstream, 'workspaces', id, workspaceSchema));
}
