import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve Tailwind conflicts (tailwind-merge would add its whole class
 * table to every page's first-load JavaScript): a component's defaults that a caller may change are props,
 * never classes the caller's `className` must override. tests/ui/class-conflicts.test.ts checks
 * the call sites.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

/**
 * `{ className }` when there are classes, else no prop at all: an RSC payload writes an undefined
 * prop out (`"className":"$undefined"`), and a table's cells would repeat it hundreds of times.
 */
export function classNameProp(className: string | undefined): { className?: string } {
  return className ? { className } : {};
}
