'use client';

import { createContext, useContext, useState } from 'react';

interface Selection {
  /** Selected row ids, in the order they were picked. */
  ids: readonly string[];
  set: (ids: readonly string[], selected: boolean) => void;
  clear: () => void;
}

/** Outside a SelectionScope nothing can be selected (a role that may not act on rows). */
const NOTHING_SELECTABLE: Selection = { ids: [], set: () => undefined, clear: () => undefined };

const SelectionContext = createContext<Selection>(NOTHING_SELECTABLE);

/** The selection of the rows around a control (checkboxes, the bulk toolbar). */
export function useSelection(): Selection {
  return useContext(SelectionContext);
}

/**
 * The rows an operator picked in a server-rendered table. A selection belongs to one view
 * (`viewKey`, the list's filter): it is kept across that view's pages and refreshes, and a new
 * view starts empty, so rows picked under another filter are never acted on unseen.
 */
export function SelectionScope({ viewKey, children }: { viewKey: string; children: React.ReactNode }) {
  const [state, setState] = useState<{ view: string; ids: readonly string[] }>({ view: viewKey, ids: [] });
  const ids = state.view === viewKey ? state.ids : [];
  const selection: Selection = {
    ids,
    set: (changed, selected) => {
      const rest = ids.filter((id) => !changed.includes(id));
      setState({ view: viewKey, ids: selected ? [...rest, ...changed] : rest });
    },
    clear: () => setState({ view: viewKey, ids: [] }),
  };
  return <SelectionContext value={selection}>{children}</SelectionContext>;
}

/** A row's checkbox. The row is highlighted by CSS while it is ticked (`list-rows` in app/globals.css). */
export function RowCheckbox({ id }: { id: string }) {
  const { ids, set } = useSelection();
  const checked = ids.includes(id);
  return (
    <input
      type="checkbox"
      data-row-select
      aria-label={`Select ${id}`}
      checked={checked}
      onChange={() => set([id], !checked)}
    />
  );
}

/** Selects or clears every row on the page. */
export function PageCheckbox({ ids: pageIds }: { ids: readonly string[] }) {
  const { ids, set } = useSelection();
  const all = pageIds.length > 0 && pageIds.every((id) => ids.includes(id));
  return (
    <input type="checkbox" aria-label="Select all on this page" checked={all} onChange={() => set(pageIds, !all)} />
  );
}
