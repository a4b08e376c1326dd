'use client';

import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useLayoutEffect, useMemo, useRef } from 'react';

/** Only TanStack's row selection: the rows and their cells are the server's. */
const features = tableFeatures({ rowSelectionFeature });
const NO_COLUMNS: never[] = [];

/** What the checkboxes call: TanStack's handlers, given the click (Shift selects a range). */
export interface SelectionControls {
  toggleRow: (id: string, event: unknown) => void;
  togglePage: (event: unknown) => void;
  allPageRowsSelected: boolean;
}

interface SelectionTableProps {
  rowIds: readonly string[];
  rowSelection: RowSelectionState;
  onRowSelectionChange: (updater: Updater<RowSelectionState>) => void;
  onReady: (controls: SelectionControls) => void;
}

/**
 * A TanStack table of the page's row ids with its row selection feature, owning no state: the
 * SelectionScope holds the selection and hands it in. Renders nothing; it gives the scope the
 * handlers the checkboxes call (row-selection.tsx), each time the selection changes.
 */
export default function SelectionTable({ rowIds, rowSelection, onRowSelectionChange, onReady }: SelectionTableProps) {
  const data = useMemo(() => rowIds.map((id) => ({ id })), [rowIds]);
  const table = useTable({
    features,
    columns: NO_COLUMNS,
    data,
    getRowId: (row) => row.id,
    state: { rowSelection },
    onRowSelectionChange,
  });
  const latest = useRef(table);
  useLayoutEffect(() => {
    latest.current = table;
  });
  // After TanStack has taken in this render's rows and selection (in its layout effect), and
  // before the browser paints or takes the next click: from a passive effect the page box showed
  // the selection before last for a moment, and a click then did not change it.
  useLayoutEffect(
    () =>
      onReady({
        toggleRow: (id, event) => latest.current.getRow(id).getToggleSelectedHandler()(event),
        togglePage: (event) => latest.current.getToggleAllPageRowsSelectedHandler()(event),
        allPageRowsSelected: latest.current.getIsAllPageRowsSelected(),
      }),
    [onReady, data, rowSelection],
  );
  return null;
}
