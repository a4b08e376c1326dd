/** The stuck queue's URL state: every group and filter is a shareable link. */
import { NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { stuckQuerySchema, type StuckQuery } from './stuck';

export const DEFAULT_REFRESH_SECONDS = 30;
export const STUCK_PAGE_SIZE = 50;

export interface StuckPageState {
  query: StuckQuery;
  page: number;
  /** Seconds between automatic refreshes; 0 is paused. */
  refresh: number;
  /** Parameters that were not valid and were replaced by defaults, with why. */
  problems: string[];
}

function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
}

export function defaultThresholdMinutes(): number {
  const configured = Number(process.env.STUCK_THRESHOLD_MINUTES);
  return Number.isInteger(configured) && configured > 0 ? configured : 15;
}

export function parseStuckSearchParams(params: Record<string, string | string[] | undefined>): StuckPageState {
  const problems: string[] = [];
  // Repeated `status` parameters, as the filter form's checkboxes submit them.
  const statuses = [params.status ?? []].flat().map((status) => status.trim()).filter(Boolean);
  const candidate = {
    threshold: single(params.threshold) ?? defaultThresholdMinutes(),
    statuses: statuses.length > 0 ? statuses : [...NON_TERMINAL_STATUSES],
    workspace: single(params.workspace),
    channel: single(params.channel),
    creator: single(params.creator),
    age: single(params.age),
    missing: single(params.missing),
  };
  const parsed = stuckQuerySchema.safeParse(candidate);
  let query: StuckQuery;
  if (parsed.success) {
    query = parsed.data;
  } else {
    // Keep what is valid, replace what is not, and say so.
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    for (const issue of parsed.error.issues) problems.push(`${String(issue.path[0])}: ${issue.message}`);
    const repaired = Object.fromEntries(Object.entries(candidate).filter(([key]) => !bad.has(key)));
    query = stuckQuerySchema.parse({ threshold: defaultThresholdMinutes(), statuses: [...NON_TERMINAL_STATUSES], ...repaired });
  }
  const pageRaw = Number(single(params.page) ?? 1);
  const refreshRaw = Number(single(params.refresh) ?? DEFAULT_REFRESH_SECONDS);
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 10_000 ? pageRaw : 1;
  const refresh = Number.isInteger(refreshRaw) && refreshRaw >= 0 && refreshRaw <= 3600 ? refreshRaw : DEFAULT_REFRESH_SECONDS;
  if (page !== pageRaw) problems.push('page: must be a whole number from 1');
  if (refresh !== refreshRaw) problems.push('refresh: must be whole seconds from 0 (paused) to 3600');
  return { query, page, refresh, problems };
}

/** The URL of the queue with some of its state changed; `page` resets unless given. */
export function stuckHref(state: Pick<StuckPageState, 'query' | 'refresh'>, changes: Partial<StuckQuery> & { page?: number; refresh?: number } = {}): string {
  const query = { ...state.query, ...changes };
  const params = new URLSearchParams();
  params.set('threshold', String(query.threshold));
  for (const status of query.statuses) params.append('status', status);
  for (const key of ['workspace', 'channel', 'creator', 'age', 'missing'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  const refresh = changes.refresh ?? state.refresh;
  if (refresh !== DEFAULT_REFRESH_SECONDS) params.set('refresh', String(refresh));
  if (changes.page && changes.page > 1) params.set('page', String(changes.page));
  return `/stuck?${params.toString()}`;
}
