/**
 * A page's URL state, read one way on every page: the shared parsers (page, size, sort, text,
 * choice) and one reader that applies them. A bad value is reported and replaced by its default,
 * a repeated parameter is reported and its first value used, and unknown parameters are reported
 * (a few by name, the rest counted). Nothing here throws on input.
 */
export { enumParser, noControlCharacters, pageParser, PRINTABLE, sizeParser, sortParser, textParser } from './parsers';
export { MAX_UNKNOWN_REPORTED, paramReader, shownName, type ParamIssue, type ParamReader } from './reader';

/** The `searchParams` prop of a page, as Next.js passes it. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Search parameters as a page gets them (awaited) or `searchParamsRecord` builds them. */
export type RawSearchParams = Readonly<Record<string, string | string[] | undefined>>;

/** A URL's search parameters in the shape pages get them: a repeated name becomes a list. */
export function searchParamsRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const seen = Object.hasOwn(record, name) ? record[name] : undefined;
    record[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return record;
}
