import { Button } from '@/components/ui/button';

/** The Lucide icons a row's dialog button draws as CSS masks (app/globals.css). */
const ICON_CLASSES = {
  pencil: 'row-action-icon row-action-icon-pencil',
  trash: 'row-action-icon row-action-icon-trash',
} as const;

const dataAttribute = (key: string) => `data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * A row's dialog buttons, with what their dialogs need of the row written once, as `data-*`
 * attributes (camelCase keys, as `dataset` reads them back in useRowDialog).
 */
export function RowDialogButtons({ data, children }: { data: Readonly<Record<string, string>>; children: React.ReactNode }) {
  const attributes = Object.fromEntries(Object.entries(data).map(([key, value]) => [dataAttribute(key), value]));
  return (
    <span className="flex gap-2" data-row-dialogs="" {...attributes}>
      {children}
    </span>
  );
}

export interface RowDialogButtonProps {
  /** The dialog it opens: a name the list's dialog host listens for (useRowDialog). */
  dialog: string;
  icon: keyof typeof ICON_CLASSES;
  /** The accessible name, naming the row ("Edit example.com"). */
  label: string;
  children: React.ReactNode;
  disabled?: boolean;
  /** Why it is disabled, when it is (the id of a note). */
  describedBy?: string;
}

/**
 * A button in a list row that opens a dialog, inside RowDialogButtons. A list holds one per row,
 * so it carries no handler, no dialog and no icon component of its own: the list's one dialog
 * host (useRowDialog) catches its click and opens the dialog with the row's data.
 */
export function RowDialogButton({ dialog, icon, label, children, disabled, describedBy }: RowDialogButtonProps) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={ICON_CLASSES[icon]}
      data-row-dialog={dialog}
      aria-haspopup="dialog"
      aria-label={label}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      {children}
    </Button>
  );
}
