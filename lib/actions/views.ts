/**
 * Saved views as guarded actions. Any operator saves, renames and deletes their own private
 * views; sharing a view with the team, saving a shared one and making a shared view private again
 * need ops. Whose view it is (the owner; ops for shared views) is judged by the store
 * (lib/views/store.ts) against the acting operator.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { deleteView, renameView, saveView, setViewVisibility } from '@/lib/views/store';
import { viewHrefSchema, viewIdSchema, viewNameSchema, type SavedView } from '@/lib/views/types';
import { defineAction } from './guard/define';

const TARGET = 'saved_view';

const newViewInput = z
  .object({ name: viewNameSchema, href: viewHrefSchema })
  .transform((input) => ({ ...input, viewId: randomUUID() }));

const savedSummary = (view: SavedView) => `saved ${view.visibility} view “${view.name}” of ${view.href}`;

export const saveViewAction = defineAction({
  name: 'view.save',
  requiredRole: 'viewer',
  input: newViewInput,
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) =>
    saveView(db, operator, { id: input.viewId, name: input.name, href: input.href, visibility: 'private' }),
  summary: savedSummary,
});

export const saveSharedViewAction = defineAction({
  name: 'view.save_shared',
  requiredRole: 'ops',
  input: newViewInput,
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) =>
    saveView(db, operator, { id: input.viewId, name: input.name, href: input.href, visibility: 'shared' }),
  summary: savedSummary,
});

export const renameViewAction = defineAction({
  name: 'view.rename',
  requiredRole: 'viewer',
  input: z.object({ viewId: viewIdSchema, name: viewNameSchema }),
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) => renameView(db, operator, input.viewId, input.name),
  summary: ({ before, after }) => `renamed “${before.name}” to “${after.name}”`,
});

export const shareViewAction = defineAction({
  name: 'view.share',
  requiredRole: 'ops',
  input: z.object({ viewId: viewIdSchema }),
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) => setViewVisibility(db, operator, input.viewId, 'shared'),
  summary: ({ after }) => `shared “${after.name}” with the team`,
});

export const unshareViewAction = defineAction({
  name: 'view.unshare',
  requiredRole: 'ops',
  input: z.object({ viewId: viewIdSchema }),
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) => setViewVisibility(db, operator, input.viewId, 'private'),
  summary: ({ after }) => `made “${after.name}” private to ${after.ownerEmail}`,
});

export const deleteViewAction = defineAction({
  name: 'view.delete',
  requiredRole: 'viewer',
  input: z.object({ viewId: viewIdSchema }),
  target: (input) => ({ type: TARGET, ids: [input.viewId] }),
  run: ({ operator, db }, input) => deleteView(db, operator, input.viewId),
  summary: (view) => `deleted ${view.visibility} view “${view.name}”`,
});
