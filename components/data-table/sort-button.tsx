'use client';

import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { formatSortParam, LIST_PARAMS, nextSort } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import { useListScope } from './list-scope';

const sameSort = (a: SortSpec | null, b: SortSpec | null) => a?.field === b?.field && a?.order === b?.order;

/** A sortable column's header: a button that cycles the order, as a URL change the server renders. */
export function SortButton({
  field,
  descFirst,
  current,
  defaultSort,
  children,
}: {
  field: string;
  descFirst: boolean;
  current: SortSpec | null;
  defaultSort: SortSpec | null;
  children: React.ReactNode;
}) {
  const { navigate } = useListScope();
  const sorted = current?.field === field ? current.order : null;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  const onClick = () => {
    const next = nextSort(field, descFirst, current);
    // The default order needs no parameter; a new order starts from the first page.
    navigate({
      [LIST_PARAMS.sort]: next && !sameSort(next, defaultSort) ? formatSortParam(next) : null,
      [LIST_PARAMS.page]: null,
    });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ml-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent hover:text-foreground"
    >
      {children}
      <Icon className={sorted ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} aria-hidden />
    </button>
  );
}
