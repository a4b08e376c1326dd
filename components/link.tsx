import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The console's link: next/link without prefetching. Every console page is dynamic and there is
 * no loading.tsx, so a prefetch fetches only the route's tree, yet each visible link sent one or
 * two requests as a page loaded (the sidebar and the tabs have dozens), each costing the server
 * more than the page's own render. A click fetches the page as before.
 * ESLint keeps next/link out of the rest of the code.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
