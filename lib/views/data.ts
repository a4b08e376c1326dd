/** The saved views' reads for the layout and the views page: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { listSavedViewsFor, listSidebarViews } from './store';
import type { SavedView } from './types';

/**
 * The sidebar's views (`listSidebarViews`). Null when the database did not answer: every page
 * draws the sidebar, and a page must not fail for it.
 */
export async function readSidebarViews(operator: { id: string }): Promise<SavedView[] | null> {
  return listSidebarViews(await getConsoleDb(), operator).catch((error: unknown) => {
    logger('views').error({ err: error }, 'could not read the saved views for the sidebar');
    return null;
  });
}

/** Every view the operator may open, for the views page. */
export async function readSavedViews(operator: { id: string }): Promise<SavedView[]> {
  return listSavedViewsFor(await getConsoleDb(), operator);
}
