'use client';

import { useEffect, useState } from 'react';

/** A click on a row's dialog button (components/data-table/row-dialog-button.tsx). */
export interface RowDialogRequest {
  dialog: string;
  /** The data attributes of the row's RowDialogButtons, as `dataset` gives them. */
  data: Readonly<Record<string, string | undefined>>;
  /** New at every click: a dialog keyed by it starts afresh each time it opens. */
  key: number;
}

/**
 * The last click on a row's dialog button whose dialog is one of `dialogs`, caught by one listener
 * on the document instead of a handler per row. Clicks from the keyboard (Enter, Space) count.
 */
export function useRowDialog(dialogs: readonly string[]): RowDialogRequest | null {
  const [request, setRequest] = useState<RowDialogRequest | null>(null);
  // A string: the same names in a new array must not add the listener again.
  const names = dialogs.join(' ');
  useEffect(() => {
    const wanted = new Set(names.split(' '));
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLButtonElement>('button[data-row-dialog]');
      const dialog = button?.dataset.rowDialog;
      if (!button || button.disabled || !dialog || !wanted.has(dialog)) return;
      const row = button.closest<HTMLElement>('[data-row-dialogs]');
      setRequest((previous) => ({ dialog, data: { ...row?.dataset }, key: (previous?.key ?? 0) + 1 }));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [names]);
  return request;
}
