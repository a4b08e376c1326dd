/**
 * The stuck queue's CSV is its table's declaration (STUCK_TABLE) exported: the route writes the
 * declared CSV fields through the declared accessors, so a field declared there is a field of the
 * file. The expected text below was written by the route when it kept its own field list.
 */
import { describe, expect, it, vi } from 'vitest';
import { STUCK_TABLE } from '@/components/triage/stuck-table';
import type { ServiceCsvExport } from '@/lib/export/service-csv';
import { CSV_BOM } from '@/lib/csv';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { csvColumns, csvHeader } from '@/lib/tables/csv';
import type { ListResult } from '@/lib/upstream/ra';
import type { Message } from '@/lib/upstream/contract';

const exports: ServiceCsvExport<Message>[] = [];

vi.mock('@/lib/auth/route-session', () => ({
  requireAdminRouteSession: vi.fn(async () => ({
    ok: true,
    operator: { id: 'op-1', email: 'ops@example.com', role: 'ops' },
    upstream: {},
  })),
}));
vi.mock('@/lib/export/service-csv', () => ({
  serviceCsvExport: vi.fn(async (options: ServiceCsvExport<Message>) => {
    exports.push(options);
    return new Response('');
  }),
}));

const MESSAGE = {
  id: 'm1',
  name: 'Standup, Monday',
  status: 'processing',
  status_reason: 'transcoding',
  creator_guid: 'u1',
  workspace_guid: 'w1',
  channel_guids: ['c1', 'c2'],
  message_ts: Date.parse('2026-11-24T10:00:00Z'),
  last_updated_at: Date.parse('2026-11-24T10:05:00Z'),
} as Message;

/** The header and rows the route would write for these search parameters. */
async function exported(search: string, rows: readonly Message[]) {
  const { GET } = await import('@/app/api/stuck/export/route');
  exports.length = 0;
  await GET(new Request(`http://console.test/api/stuck/export${search}`));
  const csv = exports[0]!.csv({ data: [], total: 0 } as unknown as ListResult<Message>);
  return { header: csv.header, rows: csv.rows(rows) };
}

describe('the stuck queue CSV', () => {
  it('writes the declared fields, as it did with its own list', async () => {
    const { header, rows } = await exported('', [MESSAGE]);
    expect(header).toBe(csvHeader(csvColumns(STUCK_TABLE.columns)));
    expect(header).toBe(
      `${CSV_BOM}id,name,status,status_reason,creator_guid,workspace_guid,channel_guids,message_ts,last_updated_at,missing\r\n`,
    );
    expect(
      (
        await exported('?missing=mp3', [
          MESSAGE,
          { ...MESSAGE, id: 'm2', is_text_message: true, transcript_txt: 'hi' } as Message,
        ])
      ).rows,
    ).toBe(rows);
    expect(rows).toBe(
      'm1,"Standup, Monday",processing,transcoding,u1,w1,c1; c2,2026-11-24T10:00:00.000Z,2026-11-24T10:05:00.000Z,' +
        'hls; mp3; waveform; transcript\r\n',
    );
  });

  it('follows the declaration when a CSV field is added to it', async () => {
    const columns = STUCK_TABLE.columns as ConsoleColumn<Message>[];
    columns.push({ id: 'export_extra', accessorFn: () => 'x', meta: { csv: 'extra', exportOnly: true } });
    try {
      const { header, rows } = await exported('', [MESSAGE]);
      expect(header.endsWith(',missing,extra\r\n')).toBe(true);
      expect(rows.endsWith(',x\r\n')).toBe(true);
    } finally {
      columns.pop();
    }
  });
});
