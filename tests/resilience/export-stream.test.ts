/**
 * The shape of a large CSV export's memory: the route reads pages only as the download pulls
 * them (at most the export's concurrency ahead), so what it holds does not grow with the rows.
 * 50,000 rows here; the bench streams 1,000,000 and measures the console's RSS and rows/s.
 */
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE } from '@/lib/entities/export';

vi.mock('@/lib/auth/route-session', () => ({
  requireAdminRouteSession: vi.fn(async () => ({
    ok: true,
    operator: { id: 'op-stream', email: 'v@example.com', role: 'viewer' },
    upstream: {},
  })),
  upstreamFailureResponse: vi.fn(),
}));

const TOTAL = 50_000;
let reads = 0;
vi.mock('@/lib/upstream/ra', () => ({
  listRecords: vi.fn(async (_client: unknown, _entity: string, query: { range: { start: number; end: number } }) => {
    reads++;
    const { start, end } = query.range;
    const rows = [];
    for (let i = start; i <= Math.min(end, TOTAL - 1); i++) {
      rows.push({
        id: `m${String(i).padStart(7, '0')}`,
        status: 'active',
        name: `message ${i}`,
        transcript_txt: 'x'.repeat(200),
      });
    }
    // A generous limit, so the pacer does not space the reads.
    return {
      rows,
      total: TOTAL,
      requestId: `r${start}`,
      rateLimit: { limit: 1_000_000, remaining: 999_999, resetAt: Date.now() + 1_000 },
    };
  }),
}));

const { GET } = await import('@/app/api/export/[entity]/route');

describe('a large CSV export streams', () => {
  it('reads at most the concurrency ahead of what the download pulled, and delivers every row once, in order', async () => {
    const response = await GET(new Request('http://console.test/api/export/messages?sort=id&order=asc'), {
      params: Promise.resolve({ entity: 'messages' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let rows = 0;
    let maxAhead = 0;
    let last = -1;
    let carry = '';
    let header = true;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      // Let reads that would run ahead start, if the route started them.
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Pages read beyond those whose rows were pulled (the first chunk holds the first page).
      maxAhead = Math.max(maxAhead, reads - chunks);
      const lines = (carry + decoder.decode(value, { stream: true })).split('\r\n');
      carry = lines.pop() ?? '';
      for (const line of lines) {
        if (header) {
          header = false;
          continue;
        }
        const id = Number(/m(\d{7})/.exec(line)?.[1]);
        expect(id).toBe(last + 1);
        last = id;
        rows++;
      }
    }
    expect(carry).toBe('');
    expect(rows).toBe(TOTAL);
    expect(reads).toBe(TOTAL / EXPORT_PAGE_SIZE);
    // Bounded: what the route holds is a few pages, whatever the size of the file.
    expect(maxAhead).toBeGreaterThan(0);
    expect(maxAhead).toBeLessThanOrEqual(EXPORT_CONCURRENCY + 1);
  }, 60_000);
});
