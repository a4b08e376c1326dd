'use client';

import { Keyboard } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isTyping, keyIsTaken } from './keyboard';

/**
 * The dialog and its primitives load when the operator first asks for the list, not with every
 * page: this button is in the top bar of all of them.
 */
const ShortcutDialog = dynamic(() => import('./shortcut-dialog').then((module) => module.ShortcutDialog), {
  ssr: false,
});

/** The keyboard shortcuts, listed in a dialog: from the top bar's button, or `?` anywhere outside a field. */
export function ShortcutHelp() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const show = () => {
    setAsked(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (keyIsTaken(event) || isTyping(event.target)) return;
      event.preventDefault();
      setAsked(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-keyshortcuts="?"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="ml-auto"
        onClick={show}
      >
        <Keyboard aria-hidden /> <span className="sr-only sm:not-sr-only">Shortcuts</span>
      </Button>
      {asked ? <ShortcutDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
