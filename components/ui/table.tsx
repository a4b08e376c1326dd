import * as React from 'react';

import { cn } from '@/lib/utils';

function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    // Focusable so a table wider than the screen can be scrolled from the keyboard.
    <div
      data-slot="table-container"
      tabIndex={0}
      className="relative w-full overflow-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr data-slot="table-row" className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

// Classes are joined, not merged (lib/utils.ts): what a caller may change of a cell's defaults is a prop.

interface TableHeadProps extends React.ComponentProps<'th'> {
  align?: 'left' | 'right';
  /** Lets a long header wrap (headers stay on one line by default). */
  wrap?: boolean;
  /** A row's label (`scope="row"`): normal weight, lighter than the column headers. */
  rowLabel?: boolean;
}

function TableHead({ className, align = 'left', wrap = false, rowLabel = false, ...props }: TableHeadProps) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 px-2 align-middle text-muted-foreground',
        align === 'right' ? 'text-right' : 'text-left',
        rowLabel ? 'font-normal' : 'font-medium',
        wrap ? 'whitespace-normal' : 'whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

function TableCell({
  className,
  valign = 'middle',
  ...props
}: React.ComponentProps<'td'> & { valign?: 'middle' | 'top' }) {
  return (
    <td
      data-slot="table-cell"
      className={cn('p-2', valign === 'top' ? 'align-top' : 'align-middle', className)}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
  );
}

export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell, TableCaption };
