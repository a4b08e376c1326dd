import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';

import { cn } from '@/lib/utils';

// Classes are joined, not merged (lib/utils.ts): each property is set by one variant only, and a
// caller's `className` adds to them (it cannot replace a variant's height, padding or radius).
// `button` (app/globals.css) is the shape, one class for what every button repeats (a list's rows
// hold dozens).
const buttonVariants = cva('button', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
      secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
      destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
      outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
      ghost: 'hover:bg-accent hover:text-accent-foreground',
      link: 'text-primary underline-offset-4 hover:underline',
    },
    size: {
      sm: 'h-8 gap-1.5 px-3 text-sm',
      /** A filter chip's height. */
      xs: 'h-7 gap-1.5 px-3 text-sm',
      /** Inline in a line of small text. */
      tiny: 'h-6 gap-1.5 px-2 text-xs',
      default: 'h-9 gap-2 px-4 py-2 text-sm',
      lg: 'h-10 gap-2 px-6 text-sm',
      icon: 'size-9 gap-2 text-sm',
    },
    shape: {
      default: 'rounded-md',
      pill: 'rounded-full',
    },
  },
  defaultVariants: { variant: 'default', size: 'default', shape: 'default' },
});

type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

function Button({ className, variant, size, shape, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      className={cn(buttonVariants({ variant, size, shape, className }))}
      {...props}
    />
  );
}

export { Button, buttonVariants, type ButtonProps };
