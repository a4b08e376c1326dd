/** A saved view's fixed values, for the server and for the save dialog in the browser alike. */

export const VIEW_VISIBILITIES = ['private', 'shared'] as const;
export type ViewVisibility = (typeof VIEW_VISIBILITIES)[number];

/** The longest name a view takes, in characters after trimming. */
export const MAX_VIEW_NAME = 80;

/** How many views the sidebar lists before its link to all of them. */
export const SIDEBAR_VIEW_LIMIT = 8;
