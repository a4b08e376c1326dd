'use client';

import {
  Bell,
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
  ShieldCheck,
  Siren,
  Users,
  type LucideIcon,
} from 'lucide-react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/lib/utils';
import type { NavIcon } from '@/lib/entities/types';
import { FROM_PARAM, fromPath } from '@/lib/navigation/from';
import type { NavItem } from './nav-items';

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
  incidents: Siren,
};

function isActive(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The sidebar's links; the server layout passes the list (components/shell/nav-items.ts). A page
 * opened from a view (`back`, lib/navigation/from) highlights that view's area: a message opened
 * from the stuck queue is still triage.
 */
export function SidebarNav({ items }: { items: readonly NavItem[] }) {
  const from = fromPath(useSearchParams().get(FROM_PARAM));
  const current = usePathname();
  const pathname = from ? new URL(from, 'http://console.invalid').pathname : current;
  return (
    <nav aria-label="Console areas" className="flex flex-col gap-0.5">
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = isActive(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent hover:text-foreground',
              active ? 'bg-accent font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{item.label}</span>
            {item.built ? null : <span className="ml-auto text-[10px] uppercase tracking-wide text-muted-foreground">soon</span>}
          </Link>
        );
      })}
    </nav>
  );
}
