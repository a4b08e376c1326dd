/**
 * The zod parsers every page's URL state is built from. Each takes the parameter's (trimmed,
 * non-empty) text and yields its value or an issue message that reads after the value
 * (`page "abc" is not a page number`).
 */
import { z } from 'zod';
import { MAX_PAGE, SORT_PARAM_PATTERN } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';

/** Printable text: no control characters (NUL breaks database queries, others hide text). */
export const PRINTABLE = /^[^\p{Cc}]*$/u;

/** Refines a string schema to printable text, naming the parameter in the message. */
export function noControlCharacters<T extends z.ZodString>(schema: T, name?: string) {
  return schema.regex(PRINTABLE, {
    error: name ? `${name} must not contain control characters` : 'contains control characters',
  });
}

/** A 1-based page number, at most `max` (deep enough for any incident; bounds the offset). */
export function pageParser(max: number = MAX_PAGE) {
  return z
    .string()
    .regex(/^\d+$/, { error: 'is not a page number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: 'pages start at 1' })
        .max(max, { error: `is beyond page ${max}` }),
    );
}

/** One of a fixed set of page sizes. */
export function sizeParser<S extends number>(sizes: readonly S[]) {
  return z
    .enum(sizes.map(String) as [string, ...string[]], { error: `must be one of ${sizes.join(', ')}` })
    .transform((value) => Number(value) as S);
}

/** Free text or an id: at most `max` characters, printable. */
export function textParser(max: number) {
  return noControlCharacters(z.string().max(max, { error: `is longer than ${max} characters` }));
}

/** One of a list of words. */
export function enumParser<T extends string>(options: readonly T[]) {
  return z.enum(options as unknown as [T, ...T[]], { error: `must be one of ${options.join(', ')}` });
}

/** `field.asc` or `field.desc`, for a field `canSort` accepts. */
export function sortParser(canSort: (field: string) => boolean) {
  return z
    .string()
    .regex(SORT_PARAM_PATTERN, { error: 'must look like field.asc or field.desc' })
    .transform((value): SortSpec => {
      const dot = value.lastIndexOf('.');
      return { field: value.slice(0, dot), order: value.slice(dot + 1) === 'asc' ? 'asc' : 'desc' };
    })
    .refine((sort) => canSort(sort.field), {
      error: (issue) => `cannot sort by "${String((issue.input as SortSpec).field)}"`,
    });
}
