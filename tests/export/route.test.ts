/**
 * The entity export route under the export limits: a third export of one operator while two run
 * is refused with a 429 and a message, before any read; when one ends, the next is accepted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/auth/route-session', () => ({
  requireAdminRouteSession: vi.fn(async () => ({
    ok: true,
    operator: { id: 'op-1', email: 'v@example.com', role: 'viewer' },
    upstream: {},
  })),
  upstreamFailureResponse: vi.fn(),
}));

const reads: { resolve: () => void }[] = [];
vi.mock('@/lib/upstream/ra', () => ({
  listRecords: vi.fn(
    (_client: unknown, _entity: string, query: { range: { start: number } }) =>
      new Promise((resolve) => {
        const page = {
          rows: [{ id: `m${query.range.start}`, status: 'active' }],
          total: 1,
          requestId: 'r',
          rateLimit: { limit: 100, remaining: 99, resetAt: Date.now() + 1000 },
        };
        reads.push({ resolve: () => resolve(page) });
      }),
  ),
}));

const { GET } = await import('@/app/api/export/[entity]/route');
const exportOf = () =>
  GET(new Request('http://console.test/api/export/messages'), { params: Promise.resolve({ entity: 'messages' }) });

/** Lets the pending first-page reads answer. */
async function answerReads() {
  while (reads.length > 0) reads.shift()!.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  reads.length = 0;
});

describe('GET /api/export/<entity> under the export limits', () => {
  it('refuses a third concurrent export of one operator with a 429 and a message, then accepts one when an export ends', async () => {
    const first = exportOf();
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    await answerReads();
    const firstResponse = await first;
    const second = exportOf();
    // The pacer spaces the second read: let it go out, then answer it.
    await vi.waitFor(() => expect(reads).toHaveLength(1), { timeout: 2_000 });
    await answerReads();
    const secondResponse = await second;
    expect([firstResponse.status, secondResponse.status]).toEqual([200, 200]);

    const refused = await exportOf();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: 'too_many_exports',
      scope: 'operator',
      message: expect.stringMatching(/already have 2 exports running/),
    });
    expect(reads).toHaveLength(0);

    // The first download finishes: its slot is free again.
    expect(await firstResponse.text()).toContain('m0');
    const third = exportOf();
    await vi.waitFor(() => expect(reads).toHaveLength(1), { timeout: 2_000 });
    await answerReads();
    expect((await third).status).toBe(200);
  });
});
