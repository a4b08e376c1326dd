/**
 * Every area of the console, in sidebar order: the areas that are not /admin/ra entities are
 * listed here; each entity's entry comes from its registry declaration (lib/entities/registry.ts).
 * Server-side (the registry carries action definitions): the layout hands the list to the sidebar.
 */
import { ENTITIES } from '@/lib/entities/registry';
import type { NavIcon } from '@/lib/entities/types';

export interface NavItem {
  href: string;
  label: string;
  /** What the area is for, shown on its page while it is not built yet. */
  purpose: string;
  /** `built: false` areas say so plainly. */
  built: boolean;
  icon: NavIcon;
  /** Position in the sidebar; entities declare theirs in the registry (spaced by ten). */
  order: number;
}

const AREAS: readonly NavItem[] = [
  {
    href: '/notification-channels',
    label: 'Notification channels',
    icon: 'notificationChannels',
    order: 127,
    built: true,
    purpose: 'Slack, signed webhooks and e-mail the console tells of rule changes, approvals and incidents.',
  },
  {
    href: '/',
    label: 'Dashboard',
    icon: 'dashboard',
    order: 10,
    built: true,
    purpose: 'The state of the service at a glance.',
  },
  {
    href: '/stuck',
    label: 'Stuck messages',
    icon: 'stuck',
    order: 20,
    built: true,
    purpose: 'Messages stuck in a non-terminal status, grouped for triage, with bulk remediation.',
  },
  {
    href: '/statistics',
    label: 'Statistics',
    icon: 'statistics',
    order: 100,
    built: true,
    purpose: 'Daily message counts per status, compared over periods.',
  },
  {
    href: '/jobs',
    label: 'Bulk jobs',
    icon: 'jobs',
    order: 110,
    built: true,
    purpose: 'Bulk remediation jobs of every operator, their progress and item outcomes.',
  },
  {
    href: '/audit',
    label: 'Audit log',
    icon: 'audit',
    order: 120,
    built: true,
    purpose: "Every operator's actions, allowed or denied, with outcomes.",
  },
  {
    href: '/approvals',
    label: 'Approvals',
    icon: 'approvals',
    order: 115,
    built: true,
    purpose: 'Four-eyes approval of high-impact actions, and review of break-glass runs.',
  },
  {
    href: '/operators',
    label: 'Operators',
    icon: 'operators',
    order: 125,
    built: true,
    purpose: 'Who has signed in, their console roles and sessions; ops change roles and end sessions here.',
  },
  {
    href: '/rules',
    label: 'Rules',
    icon: 'rules',
    order: 27,
    built: true,
    purpose:
      'Watch rules: stuck counts evaluated every interval, firing, silenced and acknowledged, opening incidents.',
  },
  {
    href: '/incidents',
    label: 'Incidents',
    icon: 'incidents',
    order: 25,
    built: true,
    purpose: 'Incidents: the stuck trend by the minute, remediation jobs, actions and notes, exportable as a report.',
  },
];

export const NAV_ITEMS: readonly NavItem[] = [
  ...AREAS,
  ...ENTITIES.map((entity) => ({ href: `/${entity.name}`, label: entity.label, built: true, ...entity.nav })),
].sort((a, b) => a.order - b.order);

export function findNavItem(segment: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => item.href === `/${segment}`);
}
