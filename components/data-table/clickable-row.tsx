'use client';

import { useRouter } from 'next/navigation';

/** Clicks on these inside a row do their own thing instead of opening the row. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/**
 * A table row that opens its record on a mouse click outside its links and buttons, unless the
 * click ends a text selection. Keyboards use the row's own links.
 */
export function ClickableRow({
  href,
  children,
  ...attributes
}: { href: string; children: React.ReactNode } & Readonly<Record<`data-${string}`, string>>) {
  const router = useRouter();
  const onClick = (event: React.MouseEvent<HTMLTableRowElement>) => {
    if (
      event.defaultPrevented ||
      !(event.target instanceof Element) ||
      event.target.closest(INTERACTIVE) ||
      window.getSelection()?.toString()
    )
      return;
    router.push(href);
  };
  return (
    <tr {...attributes} data-clickable="" onClick={onClick}>
      {children}
    </tr>
  );
}
