/**
 * Saved views in the console database: save, rename, share or unshare, delete, and the reads of
 * the sidebar and the views page. Who may do what is decided here against the acting operator
 * (the owner; ops for shared views), so the guarded actions (lib/actions/views.ts) and any other
 * caller get the same answer.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleRole } from '@/lib/auth/roles';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { readCache } from '@/lib/db/read-cache';
import { ActionRejectedError } from '@/lib/rejected';
import { checkViewHref } from './tables';
import { SAVED_VIEW_COLUMNS, savedViewRowSchema, type SavedView } from './types';
import { SIDEBAR_VIEW_LIMIT, type ViewVisibility } from './values';

/** Each operator's sidebar views, on every console page (lib/db/read-cache.ts). */
const sidebarViews = readCache<string, SavedView[]>('sidebar-views');

/** Who saves or changes a view. */
export interface ViewActor {
  id: string;
  email: string;
  role: ConsoleRole;
}

export interface NewSavedView {
  /** Chosen by the caller when it records the id first (the audit entry); a new one otherwise. */
  id?: string;
  name: string;
  href: string;
  visibility: ViewVisibility;
}

const parseRows = (rows: readonly unknown[]): SavedView[] => rows.map((row) => savedViewRowSchema.parse(row));

/** A name already taken where the view would live (the owner's private views, or the shared ones). */
async function nameTaken(
  tx: Queryable,
  name: string,
  visibility: ViewVisibility,
  ownerId: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM saved_views
      WHERE lower(name) = lower($1) AND visibility = $2 AND ($2 = 'shared' OR owner_id = $3) AND id <> $4
      LIMIT 1`,
    [name, visibility, ownerId, exceptId ?? ''],
  );
  return rows.length > 0;
}

function nameTakenError(name: string, visibility: ViewVisibility): ActionRejectedError {
  return new ActionRejectedError(
    visibility === 'shared'
      ? `A shared view is already called “${name}”. Choose another name.`
      : `You already have a view called “${name}”. Choose another name.`,
    'name_taken',
  );
}

/** Only ops share a view with the team or change a shared one. */
function assertMayShare(actor: ViewActor): void {
  if (actor.role !== 'ops')
    throw new ActionRejectedError(`Only ops can share views with the team; you are ${actor.role}.`, 'ops_only');
}

/** The owner changes their private view; ops change shared ones. */
function assertMayChange(actor: ViewActor, view: SavedView): void {
  if (view.visibility === 'shared') assertMayShare(actor);
  else if (view.ownerId !== actor.id)
    throw new ActionRejectedError(`“${view.name}” is not yours to change.`, 'not_owner');
}

/** What the operator may do to a view, by the same rules the changes are checked with, for the views page. */
export function viewChanges(actor: ViewActor, view: SavedView) {
  const allowed = (check: () => void) => {
    try {
      check();
      return true;
    } catch {
      return false;
    }
  };
  const change = allowed(() => assertMayChange(actor, view));
  const share = change && allowed(() => assertMayShare(actor));
  return {
    rename: change,
    delete: change,
    share: share && view.visibility === 'private',
    unshare: share && view.visibility === 'shared',
  };
}

/** Saves the view; refused when the URL is not a table page's or the name is taken. */
export async function saveView(db: ConsoleDb, actor: ViewActor, input: NewSavedView): Promise<SavedView> {
  const checked = checkViewHref(input.href);
  if (!checked.ok)
    throw new ActionRejectedError(`This page cannot be saved as a view: ${checked.message}.`, 'bad_href');
  if (input.visibility === 'shared') assertMayShare(actor);
  const saved = await db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name, input.visibility, actor.id, null))
      throw nameTakenError(input.name, input.visibility);
    const rows = await tx.query(
      `INSERT INTO saved_views (id, name, table_id, href, visibility, owner_id, owner_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${SAVED_VIEW_COLUMNS}`,
      [input.id ?? randomUUID(), input.name, checked.table.id, checked.href, input.visibility, actor.id, actor.email],
    );
    return parseRows(rows)[0]!;
  });
  sidebarViews.forget();
  return saved;
}

async function lockView(tx: Queryable, id: string): Promise<SavedView> {
  const rows = await tx.query(`SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views WHERE id = $1 FOR UPDATE`, [id]);
  const [view] = parseRows(rows);
  if (!view) throw new ActionRejectedError('That view no longer exists.', 'not_found');
  return view;
}

/** Changes a view's name or visibility, checked against the same rules as a new one. */
async function updateView(
  db: ConsoleDb,
  actor: ViewActor,
  id: string,
  change: (view: SavedView) => { name: string; visibility: ViewVisibility },
): Promise<{ before: SavedView; after: SavedView }> {
  const changed = await db.transaction(async (tx) => {
    const before = await lockView(tx, id);
    assertMayChange(actor, before);
    const { name, visibility } = change(before);
    if (visibility !== before.visibility) assertMayShare(actor);
    if (await nameTaken(tx, name, visibility, before.ownerId, id)) throw nameTakenError(name, visibility);
    const rows = await tx.query(
      `UPDATE saved_views SET name = $2, visibility = $3, updated_at = now() WHERE id = $1 RETURNING ${SAVED_VIEW_COLUMNS}`,
      [id, name, visibility],
    );
    return { before, after: parseRows(rows)[0]! };
  });
  sidebarViews.forget();
  return changed;
}

export function renameView(db: ConsoleDb, actor: ViewActor, id: string, name: string) {
  return updateView(db, actor, id, (view) => ({ name, visibility: view.visibility }));
}

/** Shares a private view with the team, or makes a shared one private to its owner again (ops). */
export function setViewVisibility(db: ConsoleDb, actor: ViewActor, id: string, visibility: ViewVisibility) {
  return updateView(db, actor, id, (view) => ({ name: view.name, visibility }));
}

export async function deleteView(db: ConsoleDb, actor: ViewActor, id: string): Promise<SavedView> {
  const deleted = await db.transaction(async (tx) => {
    const view = await lockView(tx, id);
    assertMayChange(actor, view);
    await tx.query('DELETE FROM saved_views WHERE id = $1', [id]);
    return view;
  });
  sidebarViews.forget();
  return deleted;
}

/** One view, or null when there is none with this id (whoever owns it: callers judge access). */
export async function getSavedView(db: Queryable, id: string): Promise<SavedView | null> {
  const rows = await db.query(`SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views WHERE id = $1`, [id]);
  return parseRows(rows)[0] ?? null;
}

/**
 * The operator's private views and every shared view, most recently changed first; `limit` for
 * the sidebar. Each half is one index's walk (the owner's, the shared ones').
 */
export async function listSavedViewsFor(
  db: Queryable,
  operator: { id: string },
  options: { limit?: number } = {},
): Promise<SavedView[]> {
  const limit = options.limit ?? null;
  const rows = await db.query(
    `SELECT ${SAVED_VIEW_COLUMNS} FROM (
       (SELECT * FROM saved_views WHERE owner_id = $1 AND visibility = 'private' ORDER BY updated_at DESC LIMIT $2)
       UNION ALL
       (SELECT * FROM saved_views WHERE visibility = 'shared' ORDER BY updated_at DESC LIMIT $2)
     ) AS visible ORDER BY updated_at DESC, lower(name) LIMIT $2`,
    [operator.id, limit],
  );
  return parseRows(rows);
}

/**
 * The sidebar's views: the newest of the operator's and the shared ones, one more than it lists
 * (so it knows there are more).
 */
export function listSidebarViews(db: Queryable, operator: { id: string }, now = Date.now()): Promise<SavedView[]> {
  return sidebarViews.read(
    db,
    operator.id,
    () => listSavedViewsFor(db, operator, { limit: SIDEBAR_VIEW_LIMIT + 1 }),
    now,
  );
}
