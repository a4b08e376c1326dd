import {
  Bell,
  BellRing,
  Bot,
  Building2,
  ChartColumn,
  Globe,
  Hash,
  Hourglass,
  ListChecks,
  LayoutDashboard,
  MessageSquare,
  ScrollText,
  Send,
  ShieldCheck,
  Siren,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { NavIcon } from '@/lib/entities/types';
import type { NavItem } from './nav-items';
import { SidebarLinks } from './sidebar-links';

const ICONS: Record<NavIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  stuck: Hourglass,
  messages: MessageSquare,
  users: Users,
  workspaces: Building2,
  channels: Hash,
  notifications: Bell,
  domains: Globe,
  agents: Bot,
  statistics: ChartColumn,
  jobs: ListChecks,
  audit: ScrollText,
  approvals: ShieldCheck,
  rules: BellRing,
  incidents: Siren,
  operators: UserCog,
  notificationChannels: Send,
};

/**
 * The sidebar; the server layout passes the list (components/shell/nav-items.ts). The icons are
 * drawn here, on the server, so their code never reaches the browser; the links and which one is
 * current are sidebar-links.tsx.
 */
export function SidebarNav({ items }: { items: readonly NavItem[] }) {
  const links = items.map(({ href, label, built, icon }) => {
    const Icon = ICONS[icon];
    return { href, label, built, icon: <Icon className="size-4 shrink-0" aria-hidden /> };
  });
  return <SidebarLinks links={links} />;
}
