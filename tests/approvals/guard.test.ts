/**
 * The guard enforcing four-eyes approval (lib/approvals/enforce.ts via lib/actions/guard/execute.ts),
 * on PGlite and PostgreSQL: a covered action is refused and audited without an approval, with an
 * approval for other parameters, expired, used, or approved by its own requester; it runs once
 * under a matching approval even when two executions race; break-glass runs with a typed reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from '@/lib/actions/guard/define';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import type { ApprovalAuthorization } from '@/lib/approvals/enforce';
import { approvalSettings } from '@/lib/approvals/policy';
import { approveRequest, createApprovalRequest, getApprovalRequest, waitingCountFor } from '@/lib/approvals/store';
import { queryAudit } from '@/lib/audit/log';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { UpstreamClient } from '@/lib/upstream/client';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const ROLES = parseRoleMapping('ops@example.com=ops,lead@example.com=ops,support@example.com=support');
const OPS = { id: 'usr_ops', email: 'ops@example.com' };
const LEAD = { id: 'usr_lead', email: 'lead@example.com' };
const session = (who: { id: string; email: string }): SessionToken => ({
  sub: who.id,
  email: who.email,
  scopes: ['admin'],
  accessToken: 'token',
  signedInAt: Date.now(),
});
const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });
const SETTINGS = approvalSettings({});

describe.each(testDrivers())('four-eyes enforcement in the action guard on $title', (driver) => {
  if (driver.skipReason !== null) {
    it.skip(`skipped: ${driver.skipReason}`, () => {});
    return;
  }

  let database: TestDatabase;
  let runs: Record<string, unknown>[] = [];

  // Named as the covered action, so the policy applies; its run only counts.
  const merge = defineAction({
    name: 'user.merge',
    requiredRole: 'ops',
    input: z.object({ sourceUserId: z.string().min(1), targetUserId: z.string().min(1) }),
    target: (input) => ({ type: 'user', ids: [input.sourceUserId, input.targetUserId] }),
    async run(_context, input) {
      runs.push(input);
      // Long enough that racing executions overlap.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { targetId: input.targetUserId };
    },
  });

  function environment(
    who: { id: string; email: string },
    authorization?: ApprovalAuthorization,
    settings = SETTINGS,
  ): ActionEnvironment {
    return {
      session: session(who),
      roles: ROLES,
      db: database.db,
      approvals: settings,
      authorization,
      upstreamFor: () => NO_SERVICE,
    };
  }

  async function approved(params: Record<string, unknown>, requester = OPS, approver = LEAD): Promise<string> {
    const id = await createApprovalRequest(database.db, {
      action: 'user.merge',
      params,
      preview: { title: 'merge', facts: [] },
      reason: 'INC-1',
      requester,
      ttlMinutes: 60,
    });
    const decision = await approveRequest(database.db, id, approver, 'looks right');
    expect(decision.ok).toBe(true);
    return id;
  }

  const refusals = async () =>
    (await queryAudit(database.db, { action: 'user.merge', outcome: 'denied' }, { offset: 0, limit: 100 })).rows;
  const PARAMS = { sourceUserId: 'usr_a', targetUserId: 'usr_b' };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.dispose());

  it('refuses a covered action without an approval, audited, and runs nothing', async () => {
    runs = [];
    const result = await executeAction(merge, PARAMS, environment(OPS));
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'approval_required' } });
    expect(runs).toHaveLength(0);
    expect((await refusals()).some((row) => row.denialReason === 'approval required')).toBe(true);
  });

  it('runs a covered action without approval when approvals are off', async () => {
    runs = [];
    const result = await executeAction(
      merge,
      PARAMS,
      environment(OPS, undefined, approvalSettings({ CONSOLE_APPROVALS: 'off' })),
    );
    expect(result.ok).toBe(true);
    expect(runs).toHaveLength(1);
  });

  it('runs once under a matching approval, recording both operators, and refuses a second use', async () => {
    runs = [];
    const id = await approved({ targetUserId: 'usr_b', sourceUserId: 'usr_a' });
    const first = await executeAction(merge, PARAMS, environment(LEAD, { approvalId: id }));
    expect(first.ok).toBe(true);
    expect(runs).toHaveLength(1);
    const [row] = (await queryAudit(database.db, { action: 'user.merge', outcome: 'ok' }, { offset: 0, limit: 1 }))
      .rows;
    expect(row?.operatorEmail).toBe(LEAD.email);
    expect(row?.params).toMatchObject({
      approval: { id, requestedBy: OPS.email, approvedBy: LEAD.email, breakGlass: false },
    });
    const request = await getApprovalRequest(database.db, id);
    expect(request).toMatchObject({
      status: 'executed',
      executionOutcome: 'ok',
      executionResult: { targetId: 'usr_b' },
    });

    const again = await executeAction(merge, PARAMS, environment(LEAD, { approvalId: id }));
    expect(again).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(runs).toHaveLength(1);
    expect((await refusals()).some((refusal) => refusal.denialReason === 'approval already used')).toBe(true);
  });

  it('refuses an approval for other parameters', async () => {
    runs = [];
    const id = await approved(PARAMS);
    const result = await executeAction(
      merge,
      { sourceUserId: 'usr_a', targetUserId: 'usr_c' },
      environment(LEAD, { approvalId: id }),
    );
    expect(result.ok).toBe(false);
    expect(runs).toHaveLength(0);
    expect((await refusals()).some((refusal) => refusal.denialReason === 'approval is for other parameters')).toBe(
      true,
    );
    expect((await getApprovalRequest(database.db, id))?.status).toBe('approved');
  });

  it('refuses an expired approval, and an expired request cannot be approved', async () => {
    runs = [];
    const id = await approved(PARAMS);
    await database.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      id,
    ]);
    const result = await executeAction(merge, PARAMS, environment(LEAD, { approvalId: id }));
    expect(result.ok).toBe(false);
    expect(runs).toHaveLength(0);
    expect((await refusals()).some((refusal) => refusal.denialReason === 'approval expired')).toBe(true);

    const pending = await createApprovalRequest(database.db, {
      action: 'user.merge',
      params: PARAMS,
      preview: { title: 'merge', facts: [] },
      reason: 'INC-2',
      requester: OPS,
      ttlMinutes: 60,
    });
    await database.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      pending,
    ]);
    expect(await approveRequest(database.db, pending, LEAD, null)).toEqual({ ok: false, refusal: 'expired' });
  });

  it('never lets the requester approve or use their own request', async () => {
    runs = [];
    const id = await createApprovalRequest(database.db, {
      action: 'user.merge',
      params: PARAMS,
      preview: { title: 'merge', facts: [] },
      reason: 'INC-3',
      requester: OPS,
      ttlMinutes: 60,
    });
    // Same account id under another display e-mail is still the requester.
    expect(await approveRequest(database.db, id, { id: OPS.id, email: 'someone-else@example.com' }, null)).toEqual({
      ok: false,
      refusal: 'own_request',
    });
    expect(await waitingCountFor(database.db, OPS.id)).toBe(0);
    expect(await waitingCountFor(database.db, LEAD.id)).toBeGreaterThan(0);
    // A row approved by its own requester cannot even be stored.
    await expect(
      database.db.query(
        `UPDATE approval_requests SET status = 'approved', approver_id = requester_id, approver_email = requester_email WHERE id = $1`,
        [id],
      ),
    ).rejects.toThrow();
    // Approved by the lead, the requester cannot run it in the lead's place.
    await approveRequest(database.db, id, LEAD, null);
    const result = await executeAction(merge, PARAMS, environment(OPS, { approvalId: id }));
    expect(result.ok).toBe(false);
    expect(runs).toHaveLength(0);
    expect((await refusals()).some((refusal) => refusal.denialReason === 'not the approver')).toBe(true);
  });

  it('executes once when two executions of one approval race, and one of two racing approvals wins', async () => {
    runs = [];
    const id = await approved(PARAMS);
    const results = await Promise.all([
      executeAction(merge, PARAMS, environment(LEAD, { approvalId: id })),
      executeAction(merge, PARAMS, environment(LEAD, { approvalId: id })),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(runs).toHaveLength(1);

    const pending = await createApprovalRequest(database.db, {
      action: 'user.merge',
      params: PARAMS,
      preview: { title: 'merge', facts: [] },
      reason: 'INC-4',
      requester: OPS,
      ttlMinutes: 60,
    });
    const decisions = await Promise.all([
      approveRequest(database.db, pending, LEAD, null),
      approveRequest(database.db, pending, { id: 'usr_third', email: 'third@example.com' }, null),
    ]);
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(1);
  });

  it('runs break-glass for ops with a typed reason, marked in the audit log and waiting for review', async () => {
    runs = [];
    const short = await executeAction(merge, PARAMS, environment(OPS, { breakGlassReason: 'now' }));
    expect(short.ok).toBe(false);
    expect(runs).toHaveLength(0);
    const result = await executeAction(
      merge,
      PARAMS,
      environment(OPS, { breakGlassReason: 'INC-9 customer locked out' }),
    );
    expect(result.ok).toBe(true);
    expect(runs).toHaveLength(1);
    const [row] = (await queryAudit(database.db, { action: 'user.merge', outcome: 'ok' }, { offset: 0, limit: 1 }))
      .rows;
    expect(row?.params).toMatchObject({
      approval: { breakGlass: true, requestedBy: OPS.email, reason: 'INC-9 customer locked out' },
    });
    const id = (row?.params as { approval: { id: string } }).approval.id;
    expect(await getApprovalRequest(database.db, id)).toMatchObject({
      breakGlass: true,
      status: 'executed',
      reviewedBy: null,
    });
    expect(await waitingCountFor(database.db, LEAD.id)).toBeGreaterThan(0);
  });
});
