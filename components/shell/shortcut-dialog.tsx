'use client';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Every keyboard shortcut the console has, as the operator presses it. */
const SHORTCUTS: ReadonlyArray<{ keys: string[]; does: string }> = [
  { keys: ['/'], does: 'Jump to a record by id, e-mail or name (from anywhere but a text field)' },
  { keys: ['Ctrl', 'K'], does: 'The same, from anywhere (⌘ K on a Mac)' },
  { keys: ['↑', '↓'], does: "Move through the jump box's matches, or a name picker's" },
  { keys: ['Enter'], does: 'Open the chosen match (one match opens at once)' },
  { keys: ['Esc'], does: 'Close the matches, or a dialog (focus goes back where it was)' },
  { keys: ['Tab'], does: 'From the top of a page: the first stop skips the sidebar to the page' },
  { keys: ['?'], does: 'This list' },
];

/** The list of shortcuts, in a dialog that ShortcutHelp opens. */
export function ShortcutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Every shortcut the console has.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="shortcut-list">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.does} className="contents">
              <dt className="flex items-start gap-1 whitespace-nowrap">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded border bg-muted px-1.5 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{shortcut.does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
