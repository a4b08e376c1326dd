'use client';

import { Link } from '@/components/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/lib/utils';
import { FROM_PARAM, fromPath } from '@/lib/navigation/from';

/** One sidebar link as the server drew it: its icon is already markup (sidebar-nav.tsx). */
export interface SidebarLink {
  href: string;
  label: string;
  built: boolean;
  icon: React.ReactNode;
}

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
            {link.icon}
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
