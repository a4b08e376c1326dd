'use client';

import type { ReactTable, RowData } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ServerTableFeatures } from './features';

/** A "Columns" button opening a list of checkboxes, one per column that can be hidden. */
export function DataTableViewOptions<TData extends RowData>({ table }: { table: ReactTable<ServerTableFeatures, TData> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !(target instanceof Node && container.current?.contains(target));
    const onMouseDown = (event: MouseEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // The focused checkbox disappears with the panel: focus goes back to the button, not the page.
      trigger.current?.focus();
    };
    // Tabbing out of the panel closes it.
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <div ref={container} className="relative">
      <Button ref={trigger} type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Columns3 aria-hidden /> Columns
      </Button>
      {open ? (
        <fieldset id={panelId} className="absolute right-0 z-20 mt-1 max-h-[min(24rem,calc(100dvh-10rem))] w-56 overflow-y-auto overscroll-contain rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
          <legend className="sr-only">Shown columns</legend>
          {columns.map((column) => (
            <label key={column.id} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-accent">
              <input type="checkbox" className="size-4" checked={column.getIsVisible()} onChange={(event) => column.toggleVisibility(event.target.checked)} />
              {column.columnDef.meta?.label ?? column.id}
            </label>
          ))}
          <Button type="button" variant="ghost" size="sm" className="mt-1 w-full" onClick={() => table.resetColumnVisibility()}>
            Default columns
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
