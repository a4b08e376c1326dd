'use client';

import { Button } from '@/components/ui/button';
import type { ConfirmDialogProps } from './confirm-dialog';
import { DialogFrame } from './dialog-frame';

/**
 * The confirmation dialog itself (Radix), loaded by ConfirmDialog when it first opens. Its
 * trigger stays on the page; DialogContent returns focus to it on close.
 */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  pending,
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title={title}
      description={description}
      actions={
        <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      }
    />
  );
}
