'use client';

import type { Header, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ServerTableFeatures } from './features';

/** A header cell's content: the label, and for sortable columns a button that cycles the order. */
export function DataTableColumnHeader<TData extends RowData>({ header, children }: { header: Header<ServerTableFeatures, TData, unknown>; children: React.ReactNode }) {
  const column = header.column;
  if (!column.getCanSort()) return <>{children}</>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-ml-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent hover:text-foreground"
    >
      {children}
      <Icon className={sorted ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} aria-hidden />
    </button>
  );
}

/** The `aria-sort` of a header cell. */
export function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
}
