'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Links a page repeats by the dozen (a table's record links) are plain `<a data-client-nav>`
 * anchors, not next/link components: each of those is a client component the server renders and
 * the browser hydrates. This one listener, in the console layout, makes a plain click on any of
 * them a navigation without a page load, as next/link would; modified clicks still open tabs and
 * windows, and the anchor works as a plain link before the page's scripts run.
 */
export function ClientNavLinks() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[data-client-nav]');
      const href = link?.getAttribute('href');
      if (!link || !href || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      event.preventDefault();
      router.push(href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
