'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useTransition } from 'react';
import { withParams } from '@/lib/entities/list-state';

export type ListNavigation = ReturnType<typeof useListNavigation>;

/** The browser's own query: `useSearchParams` catches up with a `replaceState` only later. */
const currentParams = () => new URLSearchParams(window.location.search);

/**
 * The URL is the state of a list: every change is a navigation to the same page with other
 * search parameters, which the server renders. `isPending` is true until the new rows arrive.
 */
export function useListNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();

  const navigate = useCallback(
    (changes: Readonly<Record<string, string | null>>) => {
      startTransition(() => router.push(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false }));
    },
    [router, pathname],
  );

  /** Like `navigate`, replacing the history entry: for filters applied as the operator types. */
  const replace = useCallback(
    (changes: Readonly<Record<string, string | null>>) => {
      startTransition(() => router.replace(`${pathname}${withParams(currentParams(), changes)}`, { scroll: false }));
    },
    [router, pathname],
  );

  /** Changes the URL without asking the server, for what only changes the view (shown columns). */
  const replaceQuietly = useCallback(
    (changes: Readonly<Record<string, string | null>>) => {
      window.history.replaceState(null, '', `${pathname}${withParams(currentParams(), changes)}`);
    },
    [pathname],
  );

  return { searchParams, navigate, replace, replaceQuietly, isPending };
}
