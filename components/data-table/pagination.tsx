'use client';

import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select-native';
import { DEFAULT_PAGE_SIZE, LIST_PARAMS, reachablePageCount } from '@/lib/entities/list-state';
import { useListScope } from './list-scope';

const number = (value: number) => value.toLocaleString('en-US');

export interface PaginationProps {
  /** 1-based. */
  page: number;
  size: number;
  /** Rows matching the filters (the service's Content-Range). */
  total: number;
  /** What a row is, in the plural ("agents"). */
  rowLabel: string;
  /** The sizes an operator may choose (PAGE_SIZES on lists); none or one: the page size is fixed and not offered. */
  sizes?: readonly number[];
  /** The size that needs no `size` parameter. */
  defaultSize?: number;
}

/** Page size, where the page sits among all rows, and page-to-page navigation, each a URL change. */
export function Pagination({
  page,
  size,
  total,
  rowLabel,
  sizes = [size],
  defaultSize = DEFAULT_PAGE_SIZE,
}: PaginationProps) {
  const sizeId = useId();
  const { navigate } = useListScope();
  // Past MAX_PAGE a URL cannot name the page: "Last page" stops there.
  const pageCount = Math.max(1, reachablePageCount(total, size));
  // Past the last page both are out of range, and no range is shown.
  const first = (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const goTo = (target: number) => navigate({ [LIST_PARAMS.page]: target <= 1 ? null : String(target) });
  const resize = (next: number) =>
    navigate({ [LIST_PARAMS.size]: next === defaultSize ? null : String(next), [LIST_PARAMS.page]: null });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" data-testid="list-range" aria-live="polite">
        {first <= last ? `${number(first)}–${number(last)} of ` : ''}
        <span data-testid="list-total">{number(total)}</span> {rowLabel}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {sizes.length > 1 ? (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <NativeSelect
              id={sizeId}
              wrapperClassName="w-20"
              value={String(size)}
              onChange={(event) => resize(Number(event.target.value))}
              className="w-full"
            >
              {sizes.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <span className="whitespace-nowrap tabular-nums">
          Page {number(page)} of {number(pageCount)}
        </span>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="First page"
            disabled={page <= 1}
            onClick={() => goTo(1)}
          >
            <ChevronsLeft aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => goTo(Math.min(page - 1, pageCount))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => goTo(page + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Last page"
            disabled={page >= pageCount}
            onClick={() => goTo(pageCount)}
          >
            <ChevronsRight aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
