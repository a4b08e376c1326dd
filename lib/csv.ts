/**
 * CSV as RFC 4180 writes it (CRLF between records; a field with a comma, quote, CR or LF is
 * quoted and its quotes doubled), made safe for spreadsheets: a text cell that starts with
 * `=`, `+`, `-`, `@`, also after spaces or line breaks (which some imports trim), or with a tab,
 * CR or LF, is neutralised with a leading apostrophe, so opening the export never evaluates a
 * formula. Files start with a byte order mark, without which Excel reads UTF-8 as the local
 * code page and garbles every non-ASCII name.
 */

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^(?:\s*[=+\-@]|[\t\r\n])/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null and undefined are empty; numbers and booleans as written; objects as JSON. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF terminator. */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Counts complete records in CSV arriving in chunks (for a download's progress): a line break
 * ends a record only outside quotes, and a doubled quote toggles twice, so it needs no lookahead.
 */
export function createCsvRecordCounter(): { push(chunk: string): number; readonly records: number } {
  let quoted = false;
  let records = 0;
  return {
    push(chunk: string): number {
      for (let index = 0; index < chunk.length; index++) {
        const char = chunk.charCodeAt(index);
        if (char === 34 /* " */) quoted = !quoted;
        else if (char === 10 /* \n */ && !quoted) records++;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}
