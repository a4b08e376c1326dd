'use client';

import { usePathname, useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useTransition } from 'react';
import { withParams } from '@/lib/entities/list-state';

/** Clicks on these inside a row do their own thing instead of opening the row. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/** Copies a copy button's `data-copy` and marks it copied for a moment (or failed: the clipboard needs a secure context). */
function copyText(button: HTMLElement): void {
  const text = button.dataset.copy ?? '';
  navigator.clipboard.writeText(text).then(
    () => button.setAttribute('data-copied', ''),
    () => button.setAttribute('title', 'Copy failed: select the text instead'),
  );
  setTimeout(() => button.removeAttribute('data-copied'), 2_000);
}

/** The browser's own query, read at the moment of a change: the scope need not re-render on every URL change. */
const currentParams = () => new URLSearchParams(window.location.search);

export interface ListNavigation {
  /** Goes to the same list with these parameters changed (null removes one). */
  navigate: (changes: Readonly<Record<string, string | null>>) => void;
  /** Like `navigate`, replacing the history entry: for filters applied as the operator types, and the column choice. */
  replace: (changes: Readonly<Record<string, string | null>>) => void;
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
    (changes: Readonly<Record<string, string | null>>) => startTransition(() => router.push(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false })),
    [router, pathname],
  );
  const replace = useCallback(
    (changes: Readonly<Record<string, string | null>>) => startTransition(() => router.replace(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false })),
    [router, pathname],
  );
  return { navigate, replace, isPending };
}

const ListNavigationContext = createContext<ListNavigation | null>(null);

/** The navigation of the list around a control (its sort buttons, paging, filters, column chooser). */
export function useListScope(): ListNavigation {
  const navigation = useContext(ListNavigationContext);
  if (!navigation) throw new Error('A list control is rendered outside a ListScope.');
  return navigation;
}

/**
 * The one client part around a server-rendered list: every control inside shares one navigation
 * (one pending state, shown by dimming the list), and one click handler serves all its rows
 * (a page holds hundreds of cells, none with a handler of its own):
 * - a `[data-copy]` button copies its text;
 * - a click on a `<tr data-href>` outside its links and buttons opens the row, unless it selects text.
 * The rows' `<a data-client-nav>` links are followed by the console layout's ClientNavLinks.
 */
export function ListScope({ children }: { children: React.ReactNode }) {
  const navigation = useListNavigation();
  const router = useRouter();
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const target = event.target;
    const copy = target.closest<HTMLElement>('[data-copy]');
    if (copy) {
      copyText(copy);
      return;
    }
    const row = target.closest<HTMLElement>('tr[data-href]');
    if (!row || target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    router.push(row.dataset.href ?? '/');
  };
  // Mouse clicks only: keyboards use the rows' own links and buttons.
  return (
    <ListNavigationContext value={navigation}>
      <div className="group/list space-y-3" data-pending={navigation.isPending ? '' : undefined} aria-busy={navigation.isPending} onClick={onClick}>
        {children}
      </div>
    </ListNavigationContext>
  );
}
