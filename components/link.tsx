import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The console's link: next/link without prefetching. Every console page is dynamic and there is
 * no loading.tsx, so a prefetch fetches only the route's tree, yet each visible link sent one or
 * two requests as a page loaded: 33 for /approvals (sidebar, tabs), about 8-12 ms of server CPU
 * each, several times the page's own render (issue 17). A click fetches the page as before.
 * ESLint keeps next/link out of the rest of the code.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
