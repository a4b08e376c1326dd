'use client';

import type { ReactTable, RowData } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select-native';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { ServerTableFeatures } from './features';

const number = (value: number) => value.toLocaleString('en-US');

interface DataTablePaginationProps<TData extends RowData> {
  table: ReactTable<ServerTableFeatures, TData>;
  rowLabel: string;
  /** The sizes an operator may choose; with one, the page size is fixed and not offered. */
  pageSizes?: readonly number[];
}

/** Page size, where the page sits among all rows, and page-to-page navigation. */
export function DataTablePagination<TData extends RowData>({ table, rowLabel, pageSizes = PAGE_SIZES }: DataTablePaginationProps<TData>) {
  const sizeId = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  // Past the last page both are out of range, and no range is shown.
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" data-testid="list-range" aria-live="polite">
        {first <= last ? `${number(first)}–${number(last)} of ` : ''}
        <span data-testid="list-total">{number(total)}</span> {rowLabel}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {pageSizes.length > 1 ? (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <NativeSelect id={sizeId} wrapperClassName="w-20" value={String(pageSize)} onChange={(event) => table.setPageSize(Number(event.target.value))} className="w-full">
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <span className="whitespace-nowrap tabular-nums">
          Page {number(pageIndex + 1)} of {number(pageCount)}
        </span>
        <div className="flex items-center gap-1">
          <Button type="button" variant="outline" size="icon" aria-label="First page" disabled={!table.getCanPreviousPage()} onClick={() => table.firstPage()}>
            <ChevronsLeft aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label="Previous page" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            <ChevronRight aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label="Last page" disabled={!table.getCanLastPage()} onClick={() => table.lastPage()}>
            <ChevronsRight aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
