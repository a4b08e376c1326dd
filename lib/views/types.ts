/** A saved view as callers see it, and the schemas its fields are judged by (on write and on read). */
import { z } from 'zod';
import { freeText } from '@/lib/free-text';
import { checkViewHref } from './tables';
import { MAX_VIEW_NAME, VIEW_VISIBILITIES } from './values';

/** A view's name: trimmed, 1 to 80 characters, one line. */
export const viewNameSchema = freeText({
  min: 1,
  minMessage: 'a name is required',
  max: MAX_VIEW_NAME,
  maxMessage: `at most ${MAX_VIEW_NAME} characters`,
});

/**
 * A view's URL: a relative path to one of the console's table pages with its query, normalised
 * (lib/views/tables.ts). Anything else is refused, so opening a view never leaves the console.
 */
export const viewHrefSchema = z.string().transform((value, context) => {
  const checked = checkViewHref(value);
  if (checked.ok) return checked.href;
  context.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

export const viewIdSchema = z.uuid({ error: 'a view id is a UUID' });

/** The row as stored; the URL is judged again on read, and a row that fails is an error, never a link. */
export const savedViewRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    table_id: z.string(),
    href: viewHrefSchema,
    visibility: z.enum(VIEW_VISIBILITIES),
    owner_id: z.string(),
    owner_email: z.string(),
    created_at: z.date(),
    updated_at: z.date(),
  })
  .refine(
    (row) => {
      const checked = checkViewHref(row.href);
      return checked.ok && checked.table.id === row.table_id;
    },
    { error: "a saved view's table does not match its URL" },
  )
  .transform((row) => ({
    id: row.id,
    name: row.name,
    tableId: row.table_id,
    href: row.href,
    visibility: row.visibility,
    ownerId: row.owner_id,
    ownerEmail: row.owner_email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

export type SavedView = z.output<typeof savedViewRowSchema>;

export const SAVED_VIEW_COLUMNS = 'id, name, table_id, href, visibility, owner_id, owner_email, created_at, updated_at';
