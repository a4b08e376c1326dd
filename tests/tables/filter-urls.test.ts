/**
 * The entity lists, the stuck queue and the audit log share one filter mechanism (the filters
 * declared with each table, drawn by the one filter bar), and their URLs read as they did before
 * it: the fixture holds what the pages' readers made of these URLs before the change, written
 * from the code as it was, so bookmarks and shared links keep their meaning.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { STUCK_TABLE } from '@/components/triage/stuck-table';
import { parseAuditPageParams } from '@/lib/audit/log';
import { parseListParams, toUpstreamFilter } from '@/lib/entities/list-params';
import { findEntity } from '@/lib/entities/registry';
import { searchParamsRecord } from '@/lib/search-params';
import { filterParamNames } from '@/lib/tables/filters';
import { parseStuckSearchParams } from '@/lib/triage/search-params';
import before from './fixtures/filter-urls.json';

const BEFORE: Readonly<Record<string, unknown>> = before;

const raw = (url: string) => searchParamsRecord(new URL(url, 'http://console').searchParams);
/** As the fixture holds it: dates as ISO text, no undefined fields. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function readNow(url: string): unknown {
  const path = new URL(url, 'http://console').pathname;
  if (path === '/audit') return parseAuditPageParams(raw(url), AUDIT_TABLE);
  if (path === '/stuck') return parseStuckSearchParams(raw(url), 15, STUCK_TABLE);
  const view = findEntity(path.slice(1));
  if (!view) throw new Error(`no list at ${path}`);
  const { state, issues } = parseListParams(view, raw(url));
  return { state, issues, upstream: toUpstreamFilter(view, state) };
}

describe("today's URLs of the filtered pages", () => {
  it.each(Object.keys(BEFORE))('%s reads as before', (url) => {
    expect(plain(readNow(url))).toMatchObject(BEFORE[url] as object);
  });

  it('cover every filtered page', () => {
    const paths = new Set(Object.keys(BEFORE).map((url) => new URL(url, 'http://console').pathname));
    expect([...paths].sort()).toEqual(
      [
        '/agents',
        '/audit',
        '/channels',
        '/domains',
        '/messages',
        '/notifications',
        '/stuck',
        '/users',
        '/workspaces',
      ].sort(),
    );
  });
});

describe('the filter bar of each table submits the parameters its page reads', () => {
  it('the audit log: its declared filters, under their URL names', () => {
    expect(filterParamNames(AUDIT_TABLE.filters)).toEqual([
      'operator',
      'operatorId',
      'action',
      'target',
      'outcome',
      'from',
      'to',
    ]);
  });

  it('the stuck queue: its declared filters; the age group and missing artifact stay links', () => {
    expect(filterParamNames(STUCK_TABLE.filters)).toEqual(['threshold', 'status', 'workspace', 'channel', 'creator']);
  });
});
