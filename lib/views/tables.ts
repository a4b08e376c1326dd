/**
 * The tables a view can be saved from, declared once: each is a page of the console whose URL
 * holds its whole state (filters, order, shown columns: lib/search-params/table.ts), so a view is
 * that URL. `kind` says which page's reader counts its rows (lib/views/count.ts). A view's URL is
 * checked here when it is written and when it is read: a relative path to one of these pages,
 * resolved the way a browser would (lib/auth/safe-path.ts), so a stored view never leads off the
 * console.
 */
import { safeCallbackPath } from '@/lib/auth/safe-path';
import { filteredListHref } from '@/lib/entities/hrefs';
import { ENTITIES } from '@/lib/entities/registry';

export type ViewTableKind = 'stuck' | 'audit' | 'jobs' | 'operators' | 'entity';

export interface ViewTable {
  /** Stored with the view; the entity's name for an entity list. */
  id: string;
  kind: ViewTableKind;
  /** The page's path, without a query. */
  path: string;
  /** The table's name in words. */
  label: string;
}

export const VIEW_TABLES: readonly ViewTable[] = [
  { id: 'stuck', kind: 'stuck', path: '/stuck', label: 'Stuck messages' },
  { id: 'audit', kind: 'audit', path: '/audit', label: 'Audit log' },
  { id: 'jobs', kind: 'jobs', path: '/jobs', label: 'Bulk jobs' },
  { id: 'operators', kind: 'operators', path: '/operators', label: 'Operators' },
  ...ENTITIES.map((entity) => ({
    id: entity.name,
    kind: 'entity' as const,
    path: filteredListHref(entity.name, {}),
    label: entity.label,
  })),
];

/** The longest URL a view keeps. */
export const MAX_VIEW_HREF = 2_000;

const PROBE_ORIGIN = 'http://console.invalid';

export function viewTableById(id: string): ViewTable | undefined {
  return VIEW_TABLES.find((table) => table.id === id);
}

export type CheckedViewHref = { ok: true; href: string; table: ViewTable } | { ok: false; message: string };

/** A view's URL judged: the normalised path and query of one of VIEW_TABLES' pages, or why not. */
export function checkViewHref(value: string): CheckedViewHref {
  if (value.length > MAX_VIEW_HREF)
    return { ok: false, message: `a view's URL is at most ${MAX_VIEW_HREF} characters` };
  if (!value.startsWith('/')) return { ok: false, message: 'a view is a path of this console, starting with /' };
  const safe = safeCallbackPath(value);
  const url = new URL(safe, PROBE_ORIGIN);
  const table = VIEW_TABLES.find((candidate) => candidate.path === url.pathname);
  if (!table) return { ok: false, message: 'only a table page of this console can be saved as a view' };
  return { ok: true, href: `${url.pathname}${url.search}`, table };
}
