import * as React from 'react';
import { ChevronDown } from 'lucide-react';

import { cn } from '@/lib/utils';

type NativeSelectProps = React.ComponentProps<'select'> & { wrapperClassName?: string };

function NativeSelect({ className, wrapperClassName, ...props }: NativeSelectProps) {
  return (
    // The wrapper's class is its width (full unless the caller sizes it); the select's width is the caller's.
    <div data-slot="native-select-wrapper" className={cn('relative', wrapperClassName ?? 'w-full')}>
      <select
        data-slot="native-select"
        className={cn(
          'h-9 min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs transition-colors md:text-sm dark:bg-input/30',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          '[&>option]:bg-popover [&>option]:text-popover-foreground',
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export { NativeSelect, type NativeSelectProps };
