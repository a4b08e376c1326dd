import * as React from 'react';

import { cn } from '@/lib/utils';

/**
 * The field's padding and type: classes are joined, not merged (lib/utils.ts), so a caller picks
 * these here and sets the width (`w-full` to fill its container) in `className`.
 */
const TEXT = {
  default: 'px-3 text-base md:text-sm',
  code: 'px-3 font-mono text-xs md:text-sm',
  'code-compact': 'px-2 font-mono text-xs md:text-xs',
} as const;

function Input({
  className,
  type,
  text = 'default',
  ...props
}: React.ComponentProps<'input'> & { text?: keyof typeof TEXT }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-9 min-w-0 rounded-md border border-input bg-transparent py-1 shadow-xs transition-colors dark:bg-input/30',
        TEXT[text],
        'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

export { Input };
