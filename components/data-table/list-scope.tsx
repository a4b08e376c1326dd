'use client';

import { usePathname, useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useTransition } from 'react';
import { withParams } from '@/lib/entities/list-state';

/** The browser's own query, read at the moment of a change: the scope need not re-render on every URL change. */
const currentParams = () => new URLSearchParams(window.location.search);

export interface ListNavigation {
  /** Goes to the same list with these parameters changed (null removes one). */
  navigate: (changes: Readonly<Record<string, string | null>>) => void;
  /** Like `navigate`, replacing the history entry: for filters applied as the operator types, and the column choice. */
  replace: (changes: Readonly<Record<string, string | null>>) => void;
  /** Goes to a URL of the list (what its filter form submits), replacing the history entry or adding one. */
  visit: (href: string, replace: boolean) => void;
  /** True until the new rows arrive. */
  isPending: boolean;
}

/**
 * The URL is the state of a list: every change is a navigation to the same page with other
 * search parameters, which the server renders.
 */
function useListNavigation(): ListNavigation {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();
  const navigate = useCallback(
    (changes: Readonly<Record<string, string | null>>) =>
      startTransition(() => router.push(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false })),
    [router, pathname],
  );
  const replace = useCallback(
    (changes: Readonly<Record<string, string | null>>) =>
      startTransition(() => router.replace(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false })),
    [router, pathname],
  );
  const visit = useCallback(
    (href: string, replace: boolean) =>
      startTransition(() => (replace ? router.replace(href, { scroll: false }) : router.push(href, { scroll: false }))),
    [router],
  );
  return { navigate, replace, visit, isPending };
}

const ListNavigationContext = createContext<ListNavigation | null>(null);

/** The navigation of the list around a control (its sort buttons, paging, filters, column chooser). */
export function useListScope(): ListNavigation {
  const navigation = useContext(ListNavigationContext);
  if (!navigation) throw new Error('A list control is rendered outside a ListScope.');
  return navigation;
}

/**
 * The navigation of the list around a control, or, for a control above a page's parts (a filter
 * bar outside the table), one of its own.
 */
export function useNearestListNavigation(): ListNavigation {
  const own = useListNavigation();
  return useContext(ListNavigationContext) ?? own;
}

/**
 * The one client part around a server-rendered list: every control inside shares one navigation
 * (one pending state, shown by dimming the list).
 */
export function ListScope({ children }: { children: React.ReactNode }) {
  const navigation = useListNavigation();
  return (
    <ListNavigationContext value={navigation}>
      <div
        className="group/list space-y-3"
        data-pending={navigation.isPending ? '' : undefined}
        aria-busy={navigation.isPending}
      >
        {children}
      </div>
    </ListNavigationContext>
  );
}
