'use client';

import { Columns3 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { useListScope } from './list-scope';

export interface ChoosableColumn {
  id: string;
  label: string;
  /** False for a column always shown (the record's id). */
  hideable: boolean;
}

interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  /** Shown columns as the URL says (a missing id is shown). */
  visibility: Readonly<Record<string, boolean>>;
  /** The choice that needs no `cols` parameter ("Default columns"). */
  defaultVisibility: Readonly<Record<string, boolean>>;
}

const shown = (visibility: Readonly<Record<string, boolean>>, id: string) => visibility[id] ?? true;

/**
 * A "Columns" button opening a list of checkboxes, one per column that can be hidden; a change
 * replaces the URL's `cols` (no history entry per tick) and the server renders the new columns.
 */
export function ColumnChooser({ columns, visibility, defaultVisibility }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const { replace } = useListScope();
  // Ticked at once; the URL's answer replaces it when it arrives.
  const [choice, setChoice] = useState(visibility);
  const [urlChoice, setUrlChoice] = useState(visibility);
  if (urlChoice !== visibility) {
    setUrlChoice(visibility);
    setChoice(visibility);
  }
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

  const apply = (next: Readonly<Record<string, boolean>>) => {
    setChoice(next);
    const isDefault = columns.every((column) => shown(next, column.id) === shown(defaultVisibility, column.id));
    replace({ [LIST_PARAMS.cols]: isDefault ? null : columns.filter((column) => shown(next, column.id)).map((column) => column.id).join(',') });
  };

  return (
    <div ref={container} className="relative">
      <Button ref={trigger} type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Columns3 aria-hidden /> Columns
      </Button>
      {open ? (
        <fieldset id={panelId} className="absolute right-0 z-20 mt-1 max-h-[min(24rem,calc(100dvh-10rem))] w-56 overflow-y-auto overscroll-contain rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
          <legend className="sr-only">Shown columns</legend>
          {columns
            .filter((column) => column.hideable)
            .map((column) => (
              <label key={column.id} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-accent">
                <input type="checkbox" className="size-4" checked={shown(choice, column.id)} onChange={(event) => apply({ ...choice, [column.id]: event.target.checked })} />
                {column.label}
              </label>
            ))}
          <Button type="button" variant="ghost" size="sm" className="mt-1 w-full" onClick={() => apply(defaultVisibility)}>
            Default columns
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
