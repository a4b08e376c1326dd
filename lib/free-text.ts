/**
 * The one schema of text an operator types (incident titles and notes, approval reasons and
 * comments, names): trimmed, bounded, and free of control characters. A NUL or an escape
 * sequence is refused here with a message naming the field's problem, before it can reach the
 * database (PostgreSQL refuses NUL in text) or a log or terminal that would interpret it. Tabs
 * and line breaks stay allowed where the text may span lines.
 */
import { z } from 'zod';

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** The same, with line breaks and tabs refused too (single-line fields). */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/u;

export const CONTROL_CHARACTER_MESSAGE = 'contains a control character (such as NUL); remove it';

export interface FreeTextOptions {
  max: number;
  maxMessage?: string;
  /** Shortest accepted length after trimming, with its message; 0: may be empty. */
  min?: number;
  minMessage?: string;
  multiline?: boolean;
}

/** Whether `text` holds a character `freeText` refuses (for text checked outside a schema). */
export function hasControlCharacter(text: string, multiline = true): boolean {
  return (multiline ? CONTROL : CONTROL_SINGLE_LINE).test(text);
}

export function freeText({ max, maxMessage, min = 0, minMessage, multiline = false }: FreeTextOptions) {
  const forbidden = multiline ? CONTROL : CONTROL_SINGLE_LINE;
  return z
    .string()
    .refine((text) => !forbidden.test(text), CONTROL_CHARACTER_MESSAGE)
    .transform((text) => text.trim())
    .pipe(z.string().min(min, minMessage).max(max, maxMessage));
}
