'use client';

import {
  functionalUpdate,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ReactTable,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';

/** Only TanStack's row selection: the rows and their cells are the server's. */
const features = tableFeatures({ rowSelectionFeature });
type PageRow = { id: string };
type SelectionTable = ReactTable<typeof features, PageRow>;
const NO_COLUMNS: never[] = [];
const NOTHING_SELECTED: RowSelectionState = {};

interface Selection {
  /** Selected row ids, in the order they were picked, on this page or others of the view. */
  ids: readonly string[];
  clear: () => void;
  /** The page's rows as TanStack selects them; none outside a SelectionScope. */
  table: SelectionTable | null;
}

/** Outside a SelectionScope nothing can be selected (a role that may not act on rows). */
const NOTHING_SELECTABLE: Selection = { ids: [], clear: () => undefined, table: null };

const SelectionContext = createContext<Selection>(NOTHING_SELECTABLE);

/** The selection of the rows around a control (checkboxes, the bulk toolbar). */
export function useSelection(): Selection {
  return useContext(SelectionContext);
}

/**
 * The rows an operator picked in a server-rendered table, held by TanStack's row selection over
 * the page's row ids. A selection belongs to one view (`viewKey`, the list's filter): it is kept
 * across that view's pages and refreshes (ids of rows on other pages stay selected), and a new
 * view starts empty, so rows picked under another filter are never acted on unseen.
 */
export function SelectionScope({
  viewKey,
  rowIds,
  children,
}: {
  viewKey: string;
  /** The ids of the rows on this page, in their order (Shift-click selects a range of them). */
  rowIds: readonly string[];
  children: React.ReactNode;
}) {
  const [state, setState] = useState<{ view: string; rows: RowSelectionState }>({ view: viewKey, rows: {} });
  const rowSelection = state.view === viewKey ? state.rows : NOTHING_SELECTED;
  const data = useMemo(() => rowIds.map((id) => ({ id })), [rowIds]);
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) =>
    setState((previous) => ({
      view: viewKey,
      rows: functionalUpdate(updater, previous.view === viewKey ? previous.rows : NOTHING_SELECTED),
    }));
  const table = useTable({
    features,
    columns: NO_COLUMNS,
    data,
    getRowId: (row) => row.id,
    state: { rowSelection },
    onRowSelectionChange,
  });
  const selection: Selection = {
    ids: Object.keys(rowSelection),
    clear: () => table.resetRowSelection(true),
    table,
  };
  return <SelectionContext value={selection}>{children}</SelectionContext>;
}

/** A row's checkbox: a click toggles it, Shift-click the range from the last one clicked. Ticked rows are highlighted by CSS (`list-rows` in app/globals.css). */
export function RowCheckbox({ id }: { id: string }) {
  const { table } = useSelection();
  const row = table?.getRowModel().rowsById[id];
  return (
    <input
      type="checkbox"
      data-row-select
      aria-label={`Select ${id}`}
      checked={row?.getIsSelected() ?? false}
      disabled={!row}
      onChange={row?.getToggleSelectedHandler()}
    />
  );
}

/** Selects or clears every row on the page. */
export function PageCheckbox() {
  const { table } = useSelection();
  return (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      checked={table?.getIsAllPageRowsSelected() ?? false}
      disabled={!table}
      onChange={table?.getToggleAllPageRowsSelectedHandler()}
    />
  );
}
