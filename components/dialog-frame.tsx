'use client';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

export interface DialogFrameProps {
  open: boolean;
  /** Not called while `pending`: a dialog whose action runs neither closes nor cancels. */
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The button that opens the dialog, when the dialog has one of its own. */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The dialog's body: its form, its result, its error. */
  children?: React.ReactNode;
  /** The dialog's own buttons, after the one that closes it without acting. */
  actions: React.ReactNode;
  /** The label of the button that closes without acting; null for a dialog without one. */
  cancelLabel?: string | null;
}

/**
 * The frame every console dialog shares (Radix): title and what will happen, the body, then
 * Cancel beside the dialog's own buttons. Each dialog keeps its state and its action; this holds
 * only the layout and the rule that a running action keeps the dialog open.
 */
export function DialogFrame({
  open,
  onOpenChange,
  pending,
  trigger,
  title,
  description,
  children,
  actions,
  cancelLabel = 'Cancel',
}: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          {cancelLabel === null ? null : (
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
          )}
          {actions}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
