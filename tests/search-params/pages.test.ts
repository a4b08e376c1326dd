/**
 * Every page's URL is read by lib/search-params: a bad, repeated, out-of-range or unknown
 * parameter gets the same treatment on the entity lists, the stuck queue, the audit log, the
 * jobs list and a job's page.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { JOBS_TABLE } from '@/components/jobs/jobs-table';
import { STUCK_TABLE } from '@/components/triage/stuck-table';
import { parseAuditFilters, parseAuditPageParams } from '@/lib/audit/log';
import { parseListParams } from '@/lib/entities/list-params';
import { MAX_PAGE } from '@/lib/entities/list-state';
import { findEntity } from '@/lib/entities/registry';
import { parseJobPageParams, parseJobsPageParams } from '@/lib/jobs/search-params';
import { MAX_UNKNOWN_REPORTED, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { parseStuckSearchParams } from '@/lib/triage/search-params';

const messages = findEntity('messages')!;

/** Each paged page: how it reads a URL, as (page number, issues). */
const PAGED: [string, (raw: RawSearchParams) => { page: number; issues: ParamIssue[] }][] = [
  [
    'entity list',
    (raw) => {
      const { state, issues } = parseListParams(messages, raw);
      return { page: state.page, issues };
    },
  ],
  [
    'stuck queue',
    (raw) => {
      const { page, problems } = parseStuckSearchParams(raw, 15, STUCK_TABLE);
      return { page, issues: problems };
    },
  ],
  [
    'audit log',
    (raw) => {
      const { page, issues } = parseAuditPageParams(raw, AUDIT_TABLE);
      return { page, issues };
    },
  ],
  [
    'jobs list',
    (raw) => {
      const { page, issues } = parseJobsPageParams(raw, JOBS_TABLE);
      return { page, issues };
    },
  ],
];

/** Every page, as the issues it reports. */
const ALL: [string, (raw: RawSearchParams) => ParamIssue[]][] = [
  ...PAGED.map(([name, parse]): [string, (raw: RawSearchParams) => ParamIssue[]] => [name, (raw) => parse(raw).issues]),
  ['job page', (raw) => parseJobPageParams(raw).issues],
];

describe.each(PAGED)('the page number on the %s', (_name, parse) => {
  it.each([
    ['abc', /page "abc" is not a page number; showing page 1/],
    ['0', /page "0" pages start at 1; showing page 1/],
    ['-2', /page "-2" is not a page number/],
    ['2.5', /page "2.5" is not a page number/],
    [String(MAX_PAGE + 1), new RegExp(`is beyond page ${MAX_PAGE}; showing page 1`)],
  ])('refuses %j the same way, falling back to page 1', (value, message) => {
    const { page, issues } = parse({ page: value });
    expect(page).toBe(1);
    expect(issues).toEqual([{ param: 'page', message: expect.stringMatching(message) }]);
  });

  it('takes pages up to the shared cap', () => {
    expect(parse({ page: String(MAX_PAGE) })).toEqual({ page: MAX_PAGE, issues: [] });
    expect(parse({ page: ' 3 ' })).toEqual({ page: 3, issues: [] });
  });

  it('reads the first of a repeated page and says so', () => {
    const { page, issues } = parse({ page: ['4', '9'] });
    expect(page).toBe(4);
    expect(issues).toEqual([{ param: 'page', message: 'page is given 2 times; the first, "4", is used.' }]);
  });

  it('treats an empty page as absent', () => {
    expect(parse({ page: '' })).toEqual({ page: 1, issues: [] });
  });
});

describe.each(ALL)('unknown parameters on the %s', (_name, parse) => {
  it('names one', () => {
    expect(parse({ bogus: '1' })).toEqual([
      { param: 'bogus', message: expect.stringMatching(/^bogus is not a parameter of this (list|page); ignored\.$/) },
    ]);
  });

  it(`names at most ${MAX_UNKNOWN_REPORTED}, each shortened, and counts the rest`, () => {
    const raw = Object.fromEntries(Array.from({ length: 1500 }, (_, index) => [`<b>x${'y'.repeat(300)}${index}`, '1']));
    const issues = parse(raw);
    expect(issues).toHaveLength(MAX_UNKNOWN_REPORTED + 1);
    for (const issue of issues.slice(0, MAX_UNKNOWN_REPORTED)) expect(issue.param.length).toBeLessThanOrEqual(41);
    expect(issues.at(-1)!.message).toMatch(/^1,495 more parameters this (list|page) does not have were ignored\.$/);
    // A short page, whatever the link carries.
    expect(JSON.stringify(issues).length).toBeLessThan(1_000);
  });

  it('shows control characters in a name as replacement characters', () => {
    const [issue] = parse({ 'a\u0000\u001bb': '1' });
    expect(issue!.param).toBe('a\ufffd\ufffdb');
  });
});

describe('a parameter given twice elsewhere', () => {
  it('is the first value, reported, on every page', () => {
    expect(parseListParams(messages, { status: ['active', 'failed'] })).toMatchObject({
      state: { filters: { status: 'active' } },
      issues: [{ param: 'status', message: 'status is given 2 times; the first, "active", is used.' }],
    });
    expect(parseStuckSearchParams({ workspace: ['w1', 'w2'] }, 15, STUCK_TABLE)).toMatchObject({
      query: { workspace: 'w1' },
      problems: [{ param: 'workspace', message: 'workspace is given 2 times; the first, "w1", is used.' }],
    });
    expect(parseAuditPageParams({ outcome: ['denied', 'ok'] }, AUDIT_TABLE)).toMatchObject({
      filters: { ok: true, filters: { outcome: 'denied' } },
      issues: [{ param: 'outcome', message: 'outcome is given 2 times; the first, "denied", is used.' }],
    });
    expect(parseJobPageParams({ items: ['failed', 'ok'] })).toMatchObject({
      items: 'failed',
      issues: [{ param: 'items', message: 'items is given 2 times; the first, "failed", is used.' }],
    });
  });

  it('except a list parameter: the stuck queue takes every status checked', () => {
    expect(parseStuckSearchParams({ status: ['processing', 'paused'] }, 15, STUCK_TABLE)).toMatchObject({
      query: { statuses: ['processing', 'paused'] },
      problems: [],
    });
    expect(parseStuckSearchParams({ status: ['processing', 'exploded'] }, 15, STUCK_TABLE)).toMatchObject({
      query: { statuses: ['processing'] },
      problems: [
        { param: 'status', message: expect.stringMatching(/^status "exploded" must be one of .*; not watched\.$/) },
      ],
    });
  });
});

describe('the stuck queue', () => {
  it('takes its default threshold from the caller, not the environment', () => {
    expect(parseStuckSearchParams({}, 42, STUCK_TABLE).query).toEqual({
      threshold: 42,
      statuses: ['processing', 'initializing', 'inprogress'],
    });
  });

  it('refuses bad values one by one and keeps the rest', () => {
    const { query, refresh, problems } = parseStuckSearchParams(
      { threshold: '0', refresh: '4000', workspace: 'w\u0000', channel: 'c1', age: 'soon' },
      15,
      STUCK_TABLE,
    );
    expect(query).toEqual({ threshold: 15, statuses: ['processing', 'initializing', 'inprogress'], channel: 'c1' });
    expect(refresh).toBe(30);
    expect(problems.map((problem) => problem.param)).toEqual(['threshold', 'workspace', 'age', 'refresh']);
    expect(problems[1]!.message).toMatch(/control characters/);
  });
});

describe('control characters in an audit filter', () => {
  it.each(['target', 'operator', 'action'])(
    'are refused in %s with a message, on the page and in the export',
    (name) => {
      for (const value of ['\u0000', 'usr_1\u0000', 'a\u001fb', '\u007f']) {
        expect(parseAuditFilters({ [name]: value })).toEqual({
          ok: false,
          errors: { [name]: [`${name} must not contain control characters`] },
        });
        expect(parseAuditFilters(new URLSearchParams([[name, value]]))).toMatchObject({ ok: false });
        expect(parseAuditPageParams({ [name]: value }, AUDIT_TABLE).filters).toMatchObject({ ok: false });
      }
    },
  );

  it('leave printable text alone', () => {
    expect(parseAuditFilters({ target: 'usr_1 ü ✓', operator: 'ops@' })).toEqual({
      ok: true,
      filters: { target: 'usr_1 ü ✓', operator: 'ops@' },
    });
  });
});
