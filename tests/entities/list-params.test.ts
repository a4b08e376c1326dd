import { describe, expect, it } from 'vitest';
import { inferEntity } from '@/lib/entities/infer';
import { activeFilters, parseListParams, toListQuery, withoutFilter } from '@/lib/entities/list-params';
import { ariaSort, DEFAULT_LIST_STATE, listQueryString, nextSort, withParams } from '@/lib/entities/list-state';
import { columnVisibility } from '@/lib/tables/columns';
import { findEntity } from '@/lib/entities/registry';
import { encodeListQuery, parseListQuery } from '@/lib/upstream/contract';

const messages = findEntity('messages')!;
const users = findEntity('users')!;

describe('parseListParams', () => {
  it('reads no parameters as the defaults, with no issues', () => {
    expect(parseListParams(messages, {})).toEqual({ state: DEFAULT_LIST_STATE, issues: [] });
  });

  it('reads page, size, sort, free text, filters and columns', () => {
    const { state, issues } = parseListParams(messages, {
      page: '3',
      size: '50',
      sort: 'status.asc',
      q: '  invoice  ',
      status: 'processing',
      creator: 'usr_1',
      from: '2026-11-01',
      to: '2026-11-20',
      cols: 'status,id,name',
    });
    expect(issues).toEqual([]);
    expect(state).toEqual({
      page: 3,
      size: 50,
      sort: { field: 'status', order: 'asc' },
      q: 'invoice',
      filters: { status: 'processing', creator: 'usr_1', from: '2026-11-01', to: '2026-11-20' },
      // In the entity's column order.
      cols: ['id', 'name', 'status'],
    });
  });

  it.each([
    ['page', 'abc', /page "abc" is not a page number; showing page 1/],
    ['page', '0', /pages start at 1/],
    ['page', '99999999', /beyond page/],
    ['size', '30', /size "30" must be one of 25, 50, 100; showing 25 rows/],
    ['sort', 'status', /must look like field.asc/],
    ['sort', 'transcript_txt.asc', /cannot sort by "transcript_txt"; using the default order/],
    ['sort', 'x;drop.asc', /must look like/],
    ['status', 'exploded', /status "exploded" must be one of offline, .*; not filtering by status/],
    ['from', '2026-02-30', /not a date/],
    ['creator', 'a\u0000b', /control characters/],
    ['q', 'x'.repeat(201), /longer than 200/],
    ['cols', 'id,nope', /has no column "nope"/],
    ['bogus', '1', /bogus is not a parameter of this list; ignored/],
  ])('reports %s=%j and falls back', (param, value, message) => {
    const { state, issues } = parseListParams(messages, { [param]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.param).toBe(param);
    expect(issues[0]!.message).toMatch(message);
    expect(state.page).toBe(1);
    expect(state.size).toBe(25);
    expect(state.sort).toBeNull();
    expect(state.filters).toEqual({});
  });

  it('keeps the good parameters when one is bad', () => {
    const { state, issues } = parseListParams(messages, { page: 'x', status: 'active', size: '100' });
    expect(issues.map((issue) => issue.param)).toEqual(['page']);
    expect(state).toMatchObject({ page: 1, size: 100, filters: { status: 'active' } });
  });

  it('reports a parameter given twice', () => {
    const { issues } = parseListParams(messages, { page: ['1', '2'] });
    expect(issues[0]!.message).toMatch(/page is given 2 times/);
  });

  it('drops a date range whose start is after its end', () => {
    const { state, issues } = parseListParams(messages, { from: '2026-11-20', to: '2026-11-01' });
    expect(issues[0]!.message).toMatch(/after/);
    expect(state.filters).toEqual({});
  });

  it('keeps the known columns of a partly wrong cols', () => {
    const { state } = parseListParams(users, { cols: 'email,nope' });
    expect(state.cols).toEqual(['email']);
  });

  it('lets the service judge the sort of an unknown entity', () => {
    const unknown = inferEntity('gadgets', []);
    const { state, issues } = parseListParams(unknown, { sort: 'weight.desc', status: 'x' });
    expect(state.sort).toEqual({ field: 'weight', order: 'desc' });
    expect(issues.map((issue) => issue.param)).toEqual(['status']);
  });
});

describe('toListQuery', () => {
  it('translates a state into the sort/range/filter convention', () => {
    const { state } = parseListParams(messages, {
      page: '3',
      size: '50',
      sort: 'status.asc',
      q: 'invoice',
      status: 'processing',
      channel: 'chn_1',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    const query = toListQuery(messages, state);
    expect(query).toEqual({
      sort: { field: 'status', order: 'ASC' },
      range: { start: 100, end: 149 },
      filter: {
        q: 'invoice',
        status: 'processing',
        channel_guids: 'chn_1',
        created_after: Date.UTC(2026, 10, 1),
        // The end day is inclusive: the bound is the next midnight, exclusive.
        created_before: Date.UTC(2026, 10, 21),
      },
    });
    // And the service's parser reads back what was sent.
    expect(parseListQuery(encodeListQuery(query))).toEqual({ ok: true, query });
  });

  it('uses the default order and the first page', () => {
    expect(toListQuery(messages, DEFAULT_LIST_STATE)).toEqual({
      sort: { field: 'message_ts', order: 'DESC' },
      range: { start: 0, end: 24 },
      filter: {},
    });
  });

  it('sends boolean filters as JSON booleans', () => {
    const { state } = parseListParams(users, { verified: 'false', type: 'agent' });
    expect(toListQuery(users, state).filter).toEqual({ verified: false, account_type: 'agent' });
  });

  it('leaves the order to the service for an unknown entity without a sort', () => {
    expect(toListQuery(inferEntity('gadgets', []), DEFAULT_LIST_STATE).sort).toBeUndefined();
  });
});

describe('URL round trip', () => {
  it('writes a state back to the same query string', () => {
    const raw = {
      q: 'a b',
      status: 'active',
      from: '2026-11-01',
      sort: 'name.desc',
      size: '100',
      page: '2',
      cols: 'id,name',
    };
    const { state } = parseListParams(messages, raw);
    const query = listQueryString(messages, state);
    const reparsed = parseListParams(messages, Object.fromEntries(new URLSearchParams(query)));
    expect(reparsed).toEqual({ state, issues: [] });
    expect(listQueryString(messages, DEFAULT_LIST_STATE)).toBe('');
  });

  it('changes parameters of a query string', () => {
    const current = new URLSearchParams('status=active&page=4');
    expect(withParams(current, { sort: 'name.asc', page: null })).toBe('?status=active&sort=name.asc');
    expect(withParams(new URLSearchParams('page=2'), { page: null })).toBe('');
  });

  it('names the active filters and drops one', () => {
    const { state } = parseListParams(messages, { q: 'x', status: 'active', to: '2026-11-02', page: '3' });
    expect(activeFilters(messages, state)).toEqual([
      { params: ['q'], label: 'Search', value: 'x' },
      { params: ['status'], label: 'Status', value: 'active' },
      { params: ['from', 'to'], label: 'Posted', value: 'until 2026-11-02' },
    ]);
    expect(withoutFilter(state, ['status'])).toMatchObject({ page: 1, q: 'x', filters: { to: '2026-11-02' } });
    expect(withoutFilter(state, ['q']).q).toBe('');
  });
});

describe('columnVisibility', () => {
  it('shows the defaults, or exactly the chosen columns plus the id', () => {
    const defaults = columnVisibility(users.columns, null);
    expect(defaults.email).toBe(true);
    expect(defaults.phone).toBe(false);
    const chosen = columnVisibility(users.columns, ['phone']);
    expect(chosen).toMatchObject({ id: true, phone: true, email: false });
  });
});

describe('nextSort (a click on a sortable header)', () => {
  it('orders a column by its first order, then the other, then falls back to the default', () => {
    expect(nextSort('email', false, null)).toEqual({ field: 'email', order: 'asc' });
    expect(nextSort('email', false, { field: 'email', order: 'asc' })).toEqual({ field: 'email', order: 'desc' });
    expect(nextSort('email', false, { field: 'email', order: 'desc' })).toBeNull();
  });

  it('starts newest first on a time column, and a click on another column replaces the order', () => {
    expect(nextSort('created_at', true, { field: 'email', order: 'asc' })).toEqual({
      field: 'created_at',
      order: 'desc',
    });
    expect(nextSort('created_at', true, { field: 'created_at', order: 'desc' })).toEqual({
      field: 'created_at',
      order: 'asc',
    });
    expect(nextSort('created_at', true, { field: 'created_at', order: 'asc' })).toBeNull();
  });

  it('names the sorted column for assistive technology, and only it', () => {
    expect(ariaSort('created_at', { field: 'created_at', order: 'desc' })).toBe('descending');
    expect(ariaSort('created_at', { field: 'created_at', order: 'asc' })).toBe('ascending');
    expect(ariaSort('email', { field: 'created_at', order: 'asc' })).toBeUndefined();
    expect(ariaSort('email', null)).toBeUndefined();
  });
});
