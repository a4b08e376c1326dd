import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, exportFileName, pagesInOrder, shortPageProblem } from '@/lib/entities/export';
import { entityColumn } from '@/lib/entities/columns';
import { searchParamsRecord } from '@/lib/search-params';
import type { ColumnKind } from '@/lib/entities/types';
import { csvHeader, csvRows, exportValue } from '@/lib/tables/csv';

const column = (key: string, kind: ColumnKind) => entityColumn(key, key, kind);

describe('exportValue', () => {
  it('writes times as ISO 8601 UTC, whatever their encoding', () => {
    const iso = '2026-11-22T05:42:56.000Z';
    expect(exportValue('epoch-ms', Date.parse(iso))).toBe(iso);
    expect(exportValue('epoch-s', Date.parse(iso) / 1000)).toBe(iso);
    expect(exportValue('iso-datetime', '2026-11-22T06:42:56+01:00')).toBe(iso);
    expect(exportValue('epoch-ms', 'garbage')).toBe('garbage');
    expect(exportValue('epoch-ms', null)).toBeNull();
  });

  it('joins lists of ids and leaves other values as read', () => {
    expect(exportValue('list', ['chn_1', 'chn_2'])).toBe('chn_1; chn_2');
    expect(exportValue('list', [{ nested: true }])).toEqual([{ nested: true }]);
    expect(exportValue('text', '=1+1')).toBe('=1+1');
  });
});

describe('CSV of rows', () => {
  it('writes a header of field names and one neutralised record per row', () => {
    const columns = [column('id', 'id'), column('name', 'text'), column('channel_guids', 'list')];
    expect(csvHeader(columns)).toBe('\uFEFFid,name,channel_guids\r\n');
    expect(csvRows(columns, [{ id: 'm1', name: '=cmd', channel_guids: ['a', 'b'] }, { id: 'm2' }])).toBe(
      "m1,'=cmd,a; b\r\nm2,,\r\n",
    );
  });

  it('names the file after the entity and the moment, in UTC', () => {
    expect(exportFileName('messages', new Date(Date.UTC(2026, 10, 22, 5, 42, 56, 789)))).toBe(
      'messages-20261122-054256Z.csv',
    );
  });
});

describe('pagesInOrder', () => {
  it('yields every page in order with at most `concurrency` reads in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const read = async (index: number) => {
      started.push(index);
      inFlight++;
      most = Math.max(most, inFlight);
      // Later pages answer sooner: order must still hold.
      await new Promise((resolve) => setTimeout(resolve, (10 - index) * 2));
      inFlight--;
      return index;
    };
    const pages: number[] = [];
    for await (const page of pagesInOrder(10, 3, read)) pages.push(page);
    expect(pages).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
    expect(started).toHaveLength(10);
  });

  it('reads ahead only as far as the consumer goes', async () => {
    const started: number[] = [];
    const pages = pagesInOrder(100, 4, async (index) => {
      started.push(index);
      return index;
    });
    await pages.next();
    await pages.next();
    await pages.return(undefined);
    expect(started.length).toBeLessThanOrEqual(6);
  });

  it('surfaces a failed read at its turn, without unhandled rejections for later ones', async () => {
    const pages = pagesInOrder(5, 3, async (index) => {
      if (index >= 1) throw new Error(`page ${index} failed`);
      return index;
    });
    expect((await pages.next()).value).toBe(0);
    await expect(pages.next()).rejects.toThrow('page 1 failed');
  });

  it('reads nothing for no pages', async () => {
    const pages: number[] = [];
    for await (const page of pagesInOrder(0, 4, async (index) => index)) pages.push(page);
    expect(pages).toEqual([]);
  });
});

describe('export pages', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: String(index) }));

  it('accepts full pages and a short last page', () => {
    expect(shortPageProblem({ rows: rows(500), total: 1_200 }, 0)).toBeNull();
    expect(shortPageProblem({ rows: rows(200), total: 1_200 }, 1_000)).toBeNull();
    expect(shortPageProblem({ rows: [], total: 0 }, 0)).toBeNull();
  });

  it('refuses a short page with rows still to come (a service capping its pages)', () => {
    expect(shortPageProblem({ rows: rows(100), total: 1_200 }, 500)).toContain(
      `100 rows from row 500 of 1200, fewer than the ${EXPORT_PAGE_SIZE} asked`,
    );
  });

  it('reads the URL as a page does: a repeated parameter stays repeated (and is refused alike)', () => {
    expect(searchParamsRecord(new URLSearchParams('status=active&status=paused&q=x'))).toEqual({
      status: ['active', 'paused'],
      q: 'x',
    });
  });
});
