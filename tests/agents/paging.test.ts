import { describe, expect, it } from 'vitest';
import {
  AGENT_PAGING_DEFAULTS,
  agentListQuery,
  agentPagingHref,
  agentPagingSchema,
  parseAgentPaging,
} from '@/lib/agents/paging';

describe('the own-agents paging', () => {
  it('defaults to the spec: skip 0, limit 50, direction newer, no date', () => {
    expect(AGENT_PAGING_DEFAULTS).toEqual({ skip: 0, limit: 50, direction: 'newer' });
    expect(parseAgentPaging({})).toEqual({ paging: AGENT_PAGING_DEFAULTS, issues: [] });
    // Empty values count as absent (the spec marks limit and direction nullable).
    expect(parseAgentPaging({ limit: '', direction: '' }).issues).toEqual([]);
  });

  it('holds limit to 1-100 and skip to 0 or more, at the bounds', () => {
    expect(agentPagingSchema.shape.limit.parse('1')).toBe(1);
    expect(agentPagingSchema.shape.limit.parse('100')).toBe(100);
    expect(agentPagingSchema.shape.limit.safeParse('0').success).toBe(false);
    expect(agentPagingSchema.shape.limit.safeParse('101').success).toBe(false);
    expect(agentPagingSchema.shape.limit.safeParse('2.5').success).toBe(false);
    expect(agentPagingSchema.shape.skip.parse('0')).toBe(0);
    expect(agentPagingSchema.shape.skip.safeParse('-1').success).toBe(false);
    expect(agentPagingSchema.shape.skip.safeParse('ten').success).toBe(false);
  });

  it('takes direction older or newer only', () => {
    expect(parseAgentPaging({ direction: 'older' }).paging.direction).toBe('older');
    expect(parseAgentPaging({ direction: 'newer' }).paging.direction).toBe('newer');
    expect(parseAgentPaging({ direction: 'sideways' })).toEqual({
      paging: AGENT_PAGING_DEFAULTS,
      issues: ['direction must be older or newer'],
    });
  });

  it('reads dates as UTC ISO date-times', () => {
    expect(parseAgentPaging({ date: '2026-11-22' }).paging.date).toBe('2026-11-22T00:00:00.000Z');
    expect(parseAgentPaging({ date: '2026-11-22T12:30' }).paging.date).toBe('2026-11-22T12:30:00.000Z');
    expect(parseAgentPaging({ date: '2026-11-22T12:30:00+02:00' }).paging.date).toBe('2026-11-22T10:30:00.000Z');
    expect(parseAgentPaging({ date: 'someday' }).issues).toEqual([expect.stringMatching(/ISO date/)]);
    expect(parseAgentPaging({ date: '2026-02-31' }).issues).toEqual([expect.stringMatching(/ISO date/)]);
  });

  it('replaces each bad value by its default and names it, keeping the good ones', () => {
    const { paging, issues } = parseAgentPaging({ skip: '20', limit: '500', direction: 'older' });
    expect(paging).toEqual({ skip: 20, limit: 50, direction: 'older' });
    expect(issues).toEqual(['limit must be 1 to 100']);
  });

  it('sends every value to the service and leaves defaults out of the URL', () => {
    expect(agentListQuery(AGENT_PAGING_DEFAULTS)).toEqual({ skip: '0', limit: '50', direction: 'newer' });
    expect(agentPagingHref('/agents/mine', AGENT_PAGING_DEFAULTS)).toBe('/agents/mine');
    const paging = { skip: 10, limit: 10, direction: 'older' as const, date: '2026-11-22T00:00:00.000Z' };
    expect(agentListQuery(paging)).toEqual({
      skip: '10',
      limit: '10',
      direction: 'older',
      date: '2026-11-22T00:00:00.000Z',
    });
    expect(
      parseAgentPaging(Object.fromEntries(new URL(`http://x${agentPagingHref('/agents/mine', paging)}`).searchParams))
        .paging,
    ).toEqual(paging);
  });
});
