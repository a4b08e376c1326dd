'use client';

import type { RowSelectionState, Updater } from '@tanstack/react-table';
import dynamic from 'next/dynamic';
import { createContext, useContext, useState } from 'react';
import type { SelectionControls } from './selection-table';

/**
 * TanStack's row selection over the page's rows, loaded after the page as the column chooser is:
 * the table code is not part of a list's first load. Until it arrives the boxes stand disabled.
 */
const SelectionTable = dynamic(() => import('./selection-table'), { ssr: false });

const NOTHING_SELECTED: RowSelectionState = {};

interface Selection {
  /** Selected row ids, in the order they were picked, on this page or others of the view. */
  ids: readonly string[];
  /** TanStack's selection state: a selected row's id is a key. */
  rows: RowSelectionState;
  clear: () => void;
  /** TanStack's handlers once its table is loaded; none before, and outside a SelectionScope. */
  controls: SelectionControls | null;
}

/** Outside a SelectionScope nothing can be selected (a role that may not act on rows). */
const NOTHING_SELECTABLE: Selection = { ids: [], rows: NOTHING_SELECTED, clear: () => undefined, controls: null };

const SelectionContext = createContext<Selection>(NOTHING_SELECTABLE);

/** The selection of the rows around a control (checkboxes, the bulk toolbar). */
export function useSelection(): Selection {
  return useContext(SelectionContext);
}

/**
 * The rows an operator picked in a server-rendered table, as TanStack's row selection state,
 * changed through its handlers (selection-table.tsx). A selection belongs to one view (`viewKey`,
 * the list's filter): it is kept across that view's pages and refreshes (ids of rows on other pages
 * stay selected), and a new view starts empty, so rows picked under another filter are never acted
 * on unseen.
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
  const [controls, setControls] = useState<SelectionControls | null>(null);
  const rows = state.view === viewKey ? state.rows : NOTHING_SELECTED;
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) =>
    setState((previous) => {
      const current = previous.view === viewKey ? previous.rows : NOTHING_SELECTED;
      return { view: viewKey, rows: typeof updater === 'function' ? updater(current) : updater };
    });
  const selection: Selection = {
    ids: Object.keys(rows),
    rows,
    clear: () => setState({ view: viewKey, rows: {} }),
    controls,
  };
  return (
    <SelectionContext value={selection}>
      <SelectionTable
        rowIds={rowIds}
        rowSelection={rows}
        onRowSelectionChange={onRowSelectionChange}
        onReady={setControls}
      />
      {children}
    </SelectionContext>
  );
}

/** A row's checkbox: a click toggles it, Shift-click the range from the last one clicked. Ticked rows are highlighted by CSS (`list-rows` in app/globals.css). */
export function RowCheckbox({ id }: { id: string }) {
  const { rows, controls } = useSelection();
  return (
    <input
      type="checkbox"
      data-row-select
      aria-label={`Select ${id}`}
      checked={rows[id] === true}
      disabled={!controls}
      onChange={(event) => controls?.toggleRow(id, event)}
    />
  );
}

/** Selects or clears every row on the page. */
export function PageCheckbox() {
  const { controls } = useSelection();
  return (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      checked={controls?.allPageRowsSelected ?? false}
      disabled={!controls}
      onChange={(event) => controls?.togglePage(event)}
    />
  );
}
