/**
 * The paging of the operator's own agents (GET /agents) as the page's URL carries it: `skip`,
 * `limit`, `direction`, `date`, with the spec's bounds and defaults. A value that is not valid is
 * named and replaced by its default, so a bad link still shows a list.
 */
import { z } from 'zod';
import { toInstant, utcDayStart } from '@/lib/time';
import { AGENT_LIST_DEFAULT_DIRECTION, AGENT_LIST_DIRECTIONS, AGENT_LIST_LIMIT } from '@/lib/upstream/contract/agents';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const agentPagingSchema = z.object({
  skip: z.coerce
    .number({ error: 'skip must be a whole number' })
    .int('skip must be a whole number')
    .min(0, 'skip must be 0 or more')
    .max(1_000_000, 'skip is at most 1,000,000')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(AGENT_LIST_LIMIT.min, `limit must be ${AGENT_LIST_LIMIT.min} to ${AGENT_LIST_LIMIT.max}`)
    .max(AGENT_LIST_LIMIT.max, `limit must be ${AGENT_LIST_LIMIT.min} to ${AGENT_LIST_LIMIT.max}`)
    .default(AGENT_LIST_LIMIT.default),
  direction: z
    .enum(AGENT_LIST_DIRECTIONS, { error: 'direction must be older or newer' })
    .default(AGENT_LIST_DEFAULT_DIRECTION),
  /** An ISO 8601 date or date-time (no offset: UTC), normalised to the ISO form. */
  date: z
    .string()
    .trim()
    .transform((value, context) => {
      const instant = toInstant(value, 'iso-datetime');
      const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
      // toInstant would roll 2026-02-31 over into March; the day must exist.
      if (!instant || !day || utcDayStart(day) === null) {
        context.addIssue({
          code: 'custom',
          message: 'date must be an ISO date or date-time, like 2026-11-22T12:00:00Z',
        });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .optional(),
});
export type AgentPaging = z.output<typeof agentPagingSchema>;

export const AGENT_PAGING_DEFAULTS: AgentPaging = agentPagingSchema.parse({});

/** The URL's paging, each bad value replaced by its default and named. */
export function parseAgentPaging(raw: Readonly<Record<string, string | string[] | undefined>>): {
  paging: AgentPaging;
  issues: string[];
} {
  const paging: AgentPaging = { ...AGENT_PAGING_DEFAULTS };
  const issues: string[] = [];
  for (const key of ['skip', 'limit', 'direction', 'date'] as const) {
    const value = first(raw[key]);
    if (value === undefined || value.trim() === '') continue;
    const parsed = agentPagingSchema.shape[key].safeParse(value);
    if (parsed.success) Object.assign(paging, { [key]: parsed.data });
    else issues.push(parsed.error.issues[0]?.message ?? `${key} is not valid`);
  }
  return { paging, issues };
}

/** The query of GET /agents for this paging (every value sent, so the answer never rests on the service's defaults). */
export function agentListQuery(paging: AgentPaging): Record<string, string> {
  return {
    skip: String(paging.skip),
    limit: String(paging.limit),
    direction: paging.direction,
    ...(paging.date ? { date: paging.date } : {}),
  };
}

/** The page's URL for a paging (defaults left out). */
export function agentPagingHref(path: string, paging: AgentPaging): string {
  const params = new URLSearchParams();
  if (paging.skip !== AGENT_PAGING_DEFAULTS.skip) params.set('skip', String(paging.skip));
  if (paging.limit !== AGENT_PAGING_DEFAULTS.limit) params.set('limit', String(paging.limit));
  if (paging.direction !== AGENT_PAGING_DEFAULTS.direction) params.set('direction', paging.direction);
  if (paging.date) params.set('date', paging.date);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
