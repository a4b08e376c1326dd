'use client';

import type { ReactTable, Row, RowData } from '@tanstack/react-table';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { EmptyRow } from './empty-row';
import { ariaSort, DataTableColumnHeader } from './column-header';
import type { ServerTableFeatures } from './features';

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

/**
 * The first column stays in view when a table is scrolled sideways (on a narrow screen). Set once
 * on the table rather than on each of a page's hundreds of cells.
 */
const STICKY_FIRST = '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-background';

interface DataTableProps<TData extends RowData> {
  table: ReactTable<ServerTableFeatures, TData>;
  /** Names the table for assistive technology. */
  caption: string;
  /** Opens a row; the row's own links keep working for keyboards and new tabs. */
  onRowClick?: (row: Row<ServerTableFeatures, TData>) => void;
  /**
   * Follows a plain `<a data-client-nav>` inside the table without a page load (what next/link
   * would do, for links rendered without it); modified clicks still open tabs and windows.
   */
  onLinkClick?: (href: string) => void;
  isPending?: boolean;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
  /** Keeps the first column in view when the table scrolls sideways (lists on the page's background). */
  stickyFirstColumn?: boolean;
  /** `data-*` attributes of a row (its id for tests and scripts), besides `data-row-id`. */
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
}

export function DataTable<TData extends RowData>({ table, caption, onRowClick, onLinkClick, isPending = false, empty, testId, stickyFirstColumn = false, rowAttributes }: DataTableProps<TData>) {
  const rows = table.getRowModel().rows;
  const handleClick = (row: Row<ServerTableFeatures, TData>) => (event: React.MouseEvent<HTMLTableRowElement>) => {
    if (event.defaultPrevented) return;
    const copy = (event.target as Element).closest<HTMLElement>('[data-copy]');
    if (copy) {
      copyText(copy);
      return;
    }
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-client-nav]');
    if (link && onLinkClick) {
      const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (!plainClick) return;
      event.preventDefault();
      onLinkClick(link.getAttribute('href') ?? '/');
      return;
    }
    if (!onRowClick || (event.target as Element).closest(INTERACTIVE)) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };
  return (
    <div className={cn('rounded-md border transition-opacity', isPending && 'opacity-60')} aria-busy={isPending}>
      <Table data-testid={testId} className={stickyFirstColumn ? STICKY_FIRST : undefined}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableHead key={header.id} scope="col" aria-sort={ariaSort(header.column.getIsSorted())}>
                  {header.isPlaceholder ? null : (
                    <DataTableColumnHeader header={header}>
                      <table.FlexRender header={header} />
                    </DataTableColumnHeader>
                  )}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columnCount={table.getVisibleLeafColumns().length}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <TableRow
                key={row.id}
                data-row-id={row.id}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                {...rowAttributes?.(row.original)}
                onClick={handleClick(row)}
                className={onRowClick ? 'cursor-pointer' : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} valign="top" className={cn('[overflow-wrap:break-word]', cell.column.columnDef.meta?.cellMaxWidth ?? 'max-w-96', cell.column.columnDef.meta?.cellClassName)}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
