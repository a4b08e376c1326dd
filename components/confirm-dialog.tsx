'use client';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { ActionError } from '@/lib/actions/define';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While the action runs the dialog stays open and its buttons are disabled. */
  pending: boolean;
  /** The button that opens the dialog, when the dialog has one of its own. */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  /** What will happen, and whether it can be undone. */
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/** Asks before an action: what it will do, then Cancel or the action. */
export function ConfirmDialog({ open, onOpenChange, pending, trigger, title, description, confirmLabel, pendingLabel, destructive = false, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * How an action failed, beside its form or in its dialog: what happened, what to do, the request
 * id to quote, and which fields were refused. `children` adds what only that action knows (a
 * link to the duplicate a write collided with).
 */
export function ActionErrorAlert({ error, testId, children }: { error: ActionError | null; testId?: string; children?: React.ReactNode }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertTitle>{error.message}</AlertTitle>
      {children ? <AlertDescription>{children}</AlertDescription> : null}
      {error.failure ? (
        <AlertDescription>
          {error.failure.guidance}
          {error.failure.requestId ? ` Request id ${error.failure.requestId}.` : ''}
        </AlertDescription>
      ) : null}
      {error.fieldErrors ? (
        <AlertDescription>{Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`).join('; ')}</AlertDescription>
      ) : null}
    </Alert>
  );
}
