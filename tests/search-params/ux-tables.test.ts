import { describe, expect, it } from 'vitest';
import { fromPath, withFrom } from '@/lib/navigation/from';
import { datePresets, isIsoDay, isoDay } from '@/lib/search-params/date-presets';
import { readTableParams } from '@/lib/search-params/table';
import { paramReader } from '@/lib/search-params';
import { describeSelection } from '@/lib/jobs/store';

describe('the back parameter (a view to return to)', () => {
  it('keeps a console path with its query', () => {
    expect(fromPath('/stuck?status=processing&size=25')).toBe('/stuck?status=processing&size=25');
    // Dot segments resolve to a path on the console, never to `//host`.
    expect(fromPath('/..//evil.example')).toBe('/evil.example');
    expect(withFrom('/messages/m1', '/stuck?status=processing&page=2')).toBe(
      '/messages/m1?back=%2Fstuck%3Fstatus%3Dprocessing%26page%3D2',
    );
  });

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/signin?x=1',
    '',
    '/',
    42,
    null,
  ])('refuses %j', (value) => {
    expect(fromPath(value)).toBeNull();
  });
});

describe('date presets', () => {
  const now = Date.parse('2026-11-24T02:30:00Z');
  it('are UTC days, both ends included', () => {
    expect(datePresets(now)).toEqual([
      { id: 'today', label: 'Today', from: '2026-11-24', to: '2026-11-24' },
      { id: '7d', label: 'Last 7 days', from: '2026-11-18', to: '2026-11-24' },
      { id: '30d', label: 'Last 30 days', from: '2026-10-26', to: '2026-11-24' },
    ]);
  });

  it('a UTC day near midnight is not the local one', () => {
    expect(isoDay(Date.parse('2026-11-24T23:59:59Z'))).toBe('2026-11-24');
    expect(isoDay(Date.parse('2026-11-25T00:00:00Z'))).toBe('2026-11-25');
  });

  it('accept only real ISO days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('24/11/2026')).toBe(false);
    expect(isIsoDay('2026-1-5')).toBe(false);
  });
});

describe('table parameters', () => {
  const spec = {
    columns: [
      { id: 'time', header: 'Time', enableSorting: true },
      { id: 'action', header: 'Action' },
      { id: 'target', header: 'Target' },
    ],
    filters: [],
    searchHint: null,
    defaultSort: { field: 'time', order: 'desc' as const },
    defaultSize: 50 as const,
  };

  it('reads size, order and columns, reporting bad values', () => {
    const reader = paramReader({ size: '100', sort: 'time.asc', cols: 'time,target' });
    expect(readTableParams(reader, spec)).toEqual({
      size: 100,
      sort: { field: 'time', order: 'asc' },
      visibility: { time: true, action: false, target: true },
      kept: { size: '100', sort: 'time.asc', cols: 'time,target' },
    });
    const bad = paramReader({ size: '7', sort: 'action.asc' });
    expect(readTableParams(bad, spec)).toEqual({
      size: 50,
      sort: spec.defaultSort,
      visibility: { time: true, action: true, target: true },
      kept: {},
    });
    expect(bad.finish('page').map((issue) => issue.param)).toEqual(['size', 'sort']);
  });
});

describe('what a job covered', () => {
  it('words a filter, a selection and a revert', () => {
    expect(
      describeSelection({
        kind: 'filter',
        filter: {
          status: ['processing', 'queued'],
          updated_before: Date.parse('2026-11-24T01:00:00Z'),
          workspace_guid: 'wsp_1',
        },
      }),
    ).toBe('Messages with status processing, queued; not updated since 2026-11-24 01:00:00 UTC; workspace wsp_1');
    expect(describeSelection({ kind: 'ids', count: 3, ids: ['a', 'b', 'c'] })).toBe('3 selected messages');
    expect(describeSelection({ kind: 'revert', jobId: '0123456789abcdef' })).toBe('the messages of job 01234567');
  });
});
