/** The `searchParams` prop of a page, as Next.js passes it. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
