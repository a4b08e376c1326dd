/**
 * A colour per status, the same on every render and readable on light and dark backgrounds:
 * the known statuses have fixed ones (green for active, red for failed, amber for processing),
 * others take the next of a spare palette by their place in the list.
 */
const FIXED: Record<string, string> = {
  active: '#16a34a',
  failed: '#dc2626',
  processing: '#f59e0b',
  initializing: '#eab308',
  inprogress: '#f97316',
  scheduled: '#3b82f6',
  paused: '#a855f7',
  offline: '#64748b',
  deleted: '#78716c',
  'account-deleted': '#a8a29e',
  canceled: '#ec4899',
};
const SPARE = ['#06b6d4', '#8b5cf6', '#84cc16', '#14b8a6', '#f43f5e', '#0ea5e9', '#d946ef', '#22c55e'];

export function statusColors(statuses: readonly string[]): Record<string, string> {
  let spare = 0;
  return Object.fromEntries(statuses.map((status) => [status, FIXED[status] ?? SPARE[spare++ % SPARE.length]!]));
}
