'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext } from 'react';
import { useListNavigation, type ListNavigation } from './use-list-navigation';

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

const isPlainClick = (event: React.MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
 * - a plain click on an `<a data-client-nav>` navigates without a page load, as next/link would
 *   (modified clicks still open tabs and windows);
 * - a click elsewhere on a `<tr data-href>` opens the row, unless it selects text.
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
    const link = target.closest<HTMLAnchorElement>('a[data-client-nav]');
    if (link) {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      router.push(link.getAttribute('href') ?? '/');
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
