'use client';

import { useRouter } from 'next/navigation';
import { TableBody } from '@/components/ui/table';

/** Clicks on these inside a row do their own thing instead of opening the row. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/**
 * The body of a table whose rows open their record on a mouse click outside their links and
 * buttons, unless the click ends a text selection: row `i` opens `hrefs[i]`. One handler for the
 * body rather than a client component per row, as a list renders every row on the server and each
 * client component there costs a render of its own. Keyboards use the rows' own links.
 */
export function ClickableRowsBody({ hrefs, children }: { hrefs: readonly string[]; children: React.ReactNode }) {
  const router = useRouter();
  const onClick = (event: React.MouseEvent<HTMLTableSectionElement>) => {
    if (
      event.defaultPrevented ||
      !(event.target instanceof Element) ||
      event.target.closest(INTERACTIVE) ||
      window.getSelection()?.toString()
    )
      return;
    const row = event.target.closest('tr');
    const href = row?.parentElement === event.currentTarget ? hrefs[row.sectionRowIndex] : undefined;
    if (href) router.push(href);
  };
  return <TableBody onClick={onClick}>{children}</TableBody>;
}
