'use client';

import dynamic from 'next/dynamic';
import { cloneElement, isValidElement, useState } from 'react';
import { Link } from '@/components/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { ActionError } from '@/lib/actions/guard/define';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While the action runs the dialog stays open and its buttons are disabled. */
  pending: boolean;
  /** The button that opens the dialog, when the dialog has one of its own. */
  trigger?: React.ReactElement<React.ComponentProps<'button'>>;
  title: React.ReactNode;
  /** What will happen, and whether it can be undone. */
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/** The dialog (and Radix with it) loads when it first opens, not with the page. */
const ConfirmDialogContent = dynamic(
  () => import('./confirm-dialog-content').then((module) => module.ConfirmDialogContent),
  { ssr: false },
);

/**
 * Asks before an action: what it will do, then Cancel or the action. The trigger, when given, is
 * rendered with the page and says it opens a dialog, as Radix's DialogTrigger would.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, pending, trigger } = props;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const opener = isValidElement(trigger)
    ? cloneElement(trigger, {
        type: 'button',
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
          trigger.props.onClick?.(event);
          if (!event.defaultPrevented && !pending) onOpenChange(true);
        },
      } as React.ComponentProps<'button'>)
    : null;
  return (
    <>
      {opener}
      {opened ? <ConfirmDialogContent {...props} /> : null}
    </>
  );
}

/**
 * How an action failed, beside its form or in its dialog: what happened, what to do, the request
 * id to quote, which fields were refused, and the page the refusal points at (the duplicate a
 * write collided with).
 */
export function ActionErrorAlert({ error, testId }: { error: ActionError | null; testId?: string }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertTitle>{error.message}</AlertTitle>
      {error.link ? (
        <AlertDescription>
          <Link className="underline" href={error.link.href}>
            {error.link.label}
          </Link>
        </AlertDescription>
      ) : null}
      {error.failure ? (
        <AlertDescription>
          {error.failure.guidance}
          {error.failure.requestId ? ` Request id ${error.failure.requestId}.` : ''}
        </AlertDescription>
      ) : null}
      {error.fieldErrors ? (
        <AlertDescription>
          {Object.entries(error.fieldErrors)
            .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
            .join('; ')}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
