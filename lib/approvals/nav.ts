/** The sidebar's approvals entry with the count of requests waiting for the signed-in operator. */
import type { NavItem } from '@/components/shell/nav-items';

export const APPROVALS_HREF = '/approvals';

export function withWaitingCount(items: readonly NavItem[], waiting: number): readonly NavItem[] {
  if (waiting <= 0) return items;
  return items.map((item) =>
    item.href === APPROVALS_HREF
      ? { ...item, label: `${item.label} (${waiting.toLocaleString('en-US')} waiting)` }
      : item,
  );
}

/** One approval request's page. */
export const approvalHref = (id: string) => `${APPROVALS_HREF}/${encodeURIComponent(id)}`;
