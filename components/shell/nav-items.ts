/** Every area of the console, in sidebar order. `built: false` areas say so plainly. */
export interface NavItem {
  href: string;
  label: string;
  /** What the area is for, shown on its page while it is not built yet. */
  purpose: string;
  built: boolean;
  icon: 'dashboard' | 'stuck' | 'messages' | 'users' | 'workspaces' | 'channels' | 'notifications' | 'domains' | 'agents' | 'statistics' | 'jobs' | 'audit';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: 'dashboard', built: true, purpose: 'The state of the service at a glance.' },
  { href: '/stuck', label: 'Stuck messages', icon: 'stuck', built: true, purpose: 'Messages stuck in a non-terminal status, grouped for triage, with bulk remediation.' },
  { href: '/messages', label: 'Messages', icon: 'messages', built: true, purpose: 'Every message, filterable by status, workspace, channel, creator and date.' },
  { href: '/users', label: 'Users', icon: 'users', built: true, purpose: 'Accounts: verification, merge, payment plans, memberships.' },
  { href: '/workspaces', label: 'Workspaces', icon: 'workspaces', built: true, purpose: 'Workspaces, their owners and members.' },
  { href: '/channels', label: 'Channels', icon: 'channels', built: true, purpose: 'Conversations: visibility, member roles, orphans, sequence repair.' },
  { href: '/notifications', label: 'Notifications', icon: 'notifications', built: true, purpose: 'Stored notifications and orphaned ones.' },
  { href: '/domains', label: 'Domains', icon: 'domains', built: true, purpose: 'Domains attached to workspaces.' },
  { href: '/agents', label: 'Agents', icon: 'agents', built: true, purpose: 'Agent accounts across the service and their owners.' },
  { href: '/statistics', label: 'Statistics', icon: 'statistics', built: true, purpose: 'Daily message counts per status, compared over periods.' },
  { href: '/jobs', label: 'Bulk jobs', icon: 'jobs', built: true, purpose: 'Bulk remediation jobs of every operator, their progress and item outcomes.' },
  { href: '/audit', label: 'Audit log', icon: 'audit', built: true, purpose: "Every operator's actions, allowed or denied, with outcomes." },
];

export function findNavItem(segment: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => item.href === `/${segment}`);
}
