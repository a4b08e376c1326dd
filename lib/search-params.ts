/** The `searchParams` prop of a page, as Next.js passes it. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A URL's search parameters in the shape pages get them: a repeated name becomes a list. */
export function searchParamsRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const seen = Object.hasOwn(record, name) ? record[name] : undefined;
    record[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return record;
}
