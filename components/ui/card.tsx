import * as React from 'react';

import { cn } from '@/lib/utils';

// Classes are joined, not merged (lib/utils.ts): what a caller may change is a prop, and the
// defaults a caller replaces are not in the base classes.

/** The space between a card's header and content. */
type CardGap = 'gap-3' | 'gap-4' | 'gap-6';

function Card({ className, gap = 'gap-6', ...props }: React.ComponentProps<'div'> & { gap?: CardGap }) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm', gap, className)}
      {...props}
    />
  );
}

/** `row`: the title and its controls side by side (the caller sets their alignment and gap). */
function CardHeader({ className, row = false, ...props }: React.ComponentProps<'div'> & { row?: boolean }) {
  return (
    <div
      data-slot="card-header"
      className={cn('flex px-6', row ? 'flex-row' : 'flex-col gap-1.5', className)}
      {...props}
    />
  );
}

function CardTitle({ className, ...props }: React.ComponentProps<'div'>) {
  // No line height of its own: a title sets its size (and so its line height), or `leading-none`.
  return <div data-slot="card-title" className={cn('font-semibold', className)} {...props} />;
}

function CardDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2 px-6', className)} {...props} />;
}

export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter };
