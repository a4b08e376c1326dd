import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveRequest, createApprovalRequest, waitingCountFor } from '@/lib/approvals/store';
import { cachedWaitingCount, forgetWaitingCounts } from '@/lib/approvals/waiting-cache';
import { PAGE_READ_TTL_MS } from '@/lib/db/read-cache';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';

const OPS = { id: 'usr_ops', email: 'ops@example.com' };
const LEAD = { id: 'usr_lead', email: 'lead@example.com' };
const request = (reason: string) => ({
  action: 'user.merge',
  params: { sourceUserId: 'a', targetUserId: reason },
  preview: { title: 'merge', facts: [] },
  reason,
  requester: OPS,
  ttlMinutes: 60,
});

describe("the sidebar's waiting count", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(pgliteTestDriver);
    forgetWaitingCounts();
  });
  afterAll(async () => {
    forgetWaitingCounts();
    await database?.dispose();
  });

  it('counts as the store does, sees this process’s changes at once and another’s after the TTL', async () => {
    const now = Date.now();
    expect(await cachedWaitingCount(database.db, LEAD.id, now)).toBe(0);
    const id = await createApprovalRequest(database.db, request('INC-1'));
    expect(await cachedWaitingCount(database.db, LEAD.id, now)).toBe(1);
    expect(await cachedWaitingCount(database.db, OPS.id, now)).toBe(await waitingCountFor(database.db, OPS.id));
    await approveRequest(database.db, id, LEAD, null);
    expect(await cachedWaitingCount(database.db, LEAD.id, now)).toBe(0);
    // Written behind the store's back (another instance): believed stale until the TTL passes.
    await database.db.query(
      `UPDATE approval_requests SET status = 'pending', approver_id = NULL, approver_email = NULL, decided_at = NULL WHERE id = $1`,
      [id],
    );
    expect(await cachedWaitingCount(database.db, LEAD.id, now + 1)).toBe(0);
    expect(await cachedWaitingCount(database.db, LEAD.id, now + PAGE_READ_TTL_MS)).toBe(1);
  });
});
