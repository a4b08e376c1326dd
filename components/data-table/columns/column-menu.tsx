'use client';

import {
  columnVisibilityFeature,
  functionalUpdate,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { ColumnsButton } from './columns-button';
import { useListScope } from '../list-scope';

/** A column as the chooser offers it (from the table's declaration, lib/tables/columns.ts). */
export interface ChoosableColumn {
  id: string;
  label: string;
  /** False for a column always shown (the record's id). */
  hideable: boolean;
}

export interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  /** Shown columns as the URL says (a missing id is shown). */
  visibility: Readonly<Record<string, boolean>>;
  /** The choice that needs no `cols` parameter ("Default columns"). */
  defaultVisibility: Readonly<Record<string, boolean>>;
}

/** Only TanStack's column visibility: the rows are the server's. */
const features = tableFeatures({ columnVisibilityFeature });
const NO_ROWS: never[] = [];

/**
 * A "Columns" menu of checkboxes, one per column that can be hidden (TanStack's column
 * visibility over the table's columns); a change replaces the URL's `cols` (no history entry per
 * tick) and the server renders the new columns. Loaded after the page (column-chooser.tsx).
 */
export default function ColumnMenu({ columns, visibility, defaultVisibility }: ColumnChooserProps) {
  const { replace } = useListScope();
  // Ticked at once; the URL's answer replaces it when it arrives.
  const [choice, setChoice] = useState<ColumnVisibilityState>(visibility);
  const [urlChoice, setUrlChoice] = useState(visibility);
  if (urlChoice !== visibility) {
    setUrlChoice(visibility);
    setChoice(visibility);
  }
  const columnDefs = useMemo(
    () => columns.map((column) => ({ id: column.id, header: column.label, enableHiding: column.hideable })),
    [columns],
  );
  const onColumnVisibilityChange = (updater: Updater<ColumnVisibilityState>) => {
    const next = functionalUpdate(updater, choice);
    setChoice(next);
    const shown = (state: ColumnVisibilityState, id: string) => state[id] !== false;
    const isDefault = columns.every((column) => shown(next, column.id) === shown(defaultVisibility, column.id));
    replace({
      [LIST_PARAMS.cols]: isDefault
        ? null
        : columns
            .filter((column) => shown(next, column.id))
            .map((column) => column.id)
            .join(','),
    });
  };
  const table = useTable({
    features,
    columns: columnDefs,
    data: NO_ROWS,
    state: { columnVisibility: choice },
    onColumnVisibilityChange,
  });

  return (
    // Not modal: the table stays readable (and in the accessibility tree) while columns are ticked.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <ColumnsButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[min(24rem,calc(100dvh-10rem))] w-56">
        <DropdownMenuLabel className="sr-only">Shown columns</DropdownMenuLabel>
        {table
          .getAllLeafColumns()
          .filter((column) => column.getCanHide())
          .map((column) => (
            // The menu stays open: an operator usually ticks several columns.
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={column.getIsVisible()}
              onCheckedChange={(checked) => column.toggleVisibility(checked)}
              onSelect={(event) => event.preventDefault()}
            >
              {typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
            </DropdownMenuCheckboxItem>
          ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => table.setColumnVisibility({ ...defaultVisibility })}>
          Default columns
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
