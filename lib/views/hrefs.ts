/** Console URLs of the saved views' own page (client-safe). */

/** Every saved view the operator may open: their own and the shared ones. */
export const SAVED_VIEWS_HREF = '/views';
