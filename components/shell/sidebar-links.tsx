'use client';

import { Link } from '@/components/link';
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
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/lib/utils';
import type { NavIcon } from '@/lib/entities/types';
import { FROM_PARAM, fromPath } from '@/lib/navigation/from';

/** One sidebar link as the server lists it (sidebar-nav.tsx). */
export interface SidebarLink {
  href: string;
  label: string;
  built: boolean;
  icon: NavIcon;
}

/**
 * The icons are drawn here, by name, rather than passed down as markup: lucide's icons are client
 * components, so each one the server drew went into every page's payload with its outline as
 * props, and the server serialized it on every load. Here the outlines come once, with this
 * component's code.
 */
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

function isActive(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The sidebar's links and which one is current. A page opened from a view (`back`,
 * lib/navigation/from) highlights that view's area: a message opened from the stuck queue is
 * still triage.
 */
export function SidebarLinks({ links }: { links: readonly SidebarLink[] }) {
  const from = fromPath(useSearchParams().get(FROM_PARAM));
  const current = usePathname();
  const pathname = from ? new URL(from, 'http://console.invalid').pathname : current;
  return (
    <nav aria-label="Console areas" className="flex flex-col gap-0.5">
      {links.map((link) => {
        const active = isActive(pathname, link.href);
        const Icon = ICONS[link.icon];
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent hover:text-foreground',
              active ? 'bg-accent font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{link.label}</span>
            {link.built ? null : (
              <span className="ml-auto text-[10px] uppercase tracking-wide text-muted-foreground">soon</span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
