/**
 * The statuses a single-message change asks about first: they hide the message from clients or
 * cannot be resumed. Apart from the action so the browser's form can import it.
 */
export const CONFIRMED_STATUSES: readonly string[] = ['deleted', 'account-deleted', 'canceled'];
