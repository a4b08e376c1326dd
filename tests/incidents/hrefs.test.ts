/** The scope carried between the stuck queue and incidents, in URLs. */
import { describe, expect, it } from 'vitest';
import { incidentStuckHref, newIncidentHref, parseNewIncidentParams, scopeOfStuckQuery } from '@/lib/incidents/hrefs';
import { parseStuckSearchParams } from '@/lib/triage/search-params';
import { STUCK_TABLE } from '@/components/triage/stuck-table';

const ID = '11111111-1111-4111-8111-111111111111';

describe('incident scope in URLs', () => {
  it('a stuck view becomes the new incident form’s scope, and back', () => {
    const view = parseStuckSearchParams(
      { threshold: '20', status: ['processing'], workspace: 'wsp_1' },
      15,
      STUCK_TABLE,
    );
    const href = newIncidentHref(scopeOfStuckQuery(view.query));
    expect(href).toBe('/incidents/new?status=processing&workspace=wsp_1&threshold=20');
    const form = parseNewIncidentParams(Object.fromEntries([...new URL(href, 'http://x').searchParams]));
    expect(form).toEqual({
      scope: { statuses: ['processing'], workspaces: ['wsp_1'], channels: [], threshold: 20 },
      problems: [],
    });
  });

  it('the default statuses are no status scope', () => {
    expect(scopeOfStuckQuery(parseStuckSearchParams({}, 15, STUCK_TABLE).query).statuses).toEqual([]);
  });

  it('the incident’s stuck view carries the incident, and the stuck page reads it; a bad one is reported', () => {
    const href = incidentStuckHref(
      { id: ID, scope: { workspaces: ['wsp_1', 'wsp_2'], channels: [], statuses: ['inprogress'] } },
      15,
    );
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('workspace')).toBe('wsp_1');
    expect(params.getAll('status')).toEqual(['inprogress']);
    const state = parseStuckSearchParams(Object.fromEntries(params), 15, STUCK_TABLE);
    expect(state.incident).toBe(ID);
    expect(state.problems).toEqual([]);
    const bad = parseStuckSearchParams({ incident: 'nope' }, 15, STUCK_TABLE);
    expect(bad.incident).toBeUndefined();
    expect(bad.problems[0]?.message).toContain('not linked to an incident');
  });
});
