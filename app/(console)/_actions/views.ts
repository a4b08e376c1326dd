'use server';

import { refresh } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import { performAction } from '@/lib/actions/guard/server';
import {
  deleteViewAction,
  renameViewAction,
  saveSharedViewAction,
  saveViewAction,
  shareViewAction,
  unshareViewAction,
} from '@/lib/actions/views';

/** What the views' forms get back: the view's name and where it opens. */
export type ViewResult = ActionResult<{ name: string; href: string }>;

const named = (result: ActionResult<{ name: string; href: string }>): ViewResult => {
  refresh();
  return result.ok ? { ...result, data: { name: result.data.name, href: result.data.href } } : result;
};

/** Saves the page's URL as a view private to the operator. */
export async function saveView(input: unknown): Promise<ViewResult> {
  return named(await performAction(saveViewAction, input));
}

/** Saves the page's URL as a view shared with the team (ops). */
export async function saveSharedView(input: unknown): Promise<ViewResult> {
  return named(await performAction(saveSharedViewAction, input));
}

export async function renameView(input: unknown): Promise<ViewResult> {
  const result = await performAction(renameViewAction, input);
  return named(result.ok ? { ...result, data: result.data.after } : result);
}

/** Shares a view with the team; bound to the view's id by its button's form. */
export async function shareView(viewId: string): Promise<ViewResult> {
  const result = await performAction(shareViewAction, { viewId });
  return named(result.ok ? { ...result, data: result.data.after } : result);
}

/** Makes a shared view private to its owner again; bound to the view's id by its button's form. */
export async function unshareView(viewId: string): Promise<ViewResult> {
  const result = await performAction(unshareViewAction, { viewId });
  return named(result.ok ? { ...result, data: result.data.after } : result);
}

export async function deleteView(viewId: string): Promise<ViewResult> {
  return named(await performAction(deleteViewAction, { viewId }));
}
