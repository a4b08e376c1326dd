import type { NavItem } from './nav-items';
import { SidebarLinks } from './sidebar-links';

/**
 * The sidebar; the server layout passes the list (components/shell/nav-items.ts), and
 * sidebar-links.tsx draws each link with its icon and marks the current one.
 */
export function SidebarNav({ items }: { items: readonly NavItem[] }) {
  return <SidebarLinks links={items.map(({ href, label, built, icon }) => ({ href, label, built, icon }))} />;
}
