/**
 * Operators' roles in the console database, on PGlite and PostgreSQL: the resolution order
 * (database or CONSOLE_ROLES, per CONSOLE_ROLE_SOURCE), the last ops operator kept, granting ops
 * only with a second ops operator's approval, a role change seen by another console instance on
 * its next request, ending an operator's sessions with the sign-out's revocation, and a demoted
 * requester's pending request judged by the role they have when it is decided.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveRequestAction, requestApprovalAction } from '@/lib/actions/approvals';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import { endOperatorSessionsAction, setOperatorRoleAction } from '@/lib/actions/operators';
import { approvalSettings } from '@/lib/approvals/policy';
import { queryAudit } from '@/lib/audit/log';
import { parseRoleMapping, resolveRole, type RoleSettings, type RoleSource } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { isSessionRevoked } from '@/lib/auth/session-cookie/revocation';
import { changeOperatorRole, findOperator, recordSignIn } from '@/lib/operators/store';
import { UpstreamClient } from '@/lib/upstream/client';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const BOOTSTRAP = parseRoleMapping('ops@example.com=ops,support@example.com=support');
const DATABASE_FIRST: RoleSettings = { bootstrap: BOOTSTRAP, source: 'database' };
const SETTING_FIRST: RoleSettings = { bootstrap: BOOTSTRAP, source: 'setting' };
const HOUR = 3_600_000;

const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });

interface Account {
  id: string;
  email: string;
}
const OPS: Account = { id: 'usr_ops', email: 'ops@example.com' };
const SUPPORT: Account = { id: 'usr_support', email: 'support@example.com' };
const NEWCOMER: Account = { id: 'usr_new', email: 'new@example.com' };

describe('the resolution order', () => {
  it('database first: a decided role wins, CONSOLE_ROLES applies until someone decides, removed is viewer', () => {
    expect(resolveRole(undefined, 'OPS@example.com', DATABASE_FIRST)).toEqual({ role: 'ops', origin: 'setting' });
    expect(resolveRole('viewer', 'ops@example.com', DATABASE_FIRST)).toEqual({ role: 'viewer', origin: 'database' });
    expect(resolveRole(null, 'ops@example.com', DATABASE_FIRST)).toEqual({ role: 'viewer', origin: 'default' });
    expect(resolveRole(undefined, 'new@example.com', DATABASE_FIRST)).toEqual({ role: 'viewer', origin: 'default' });
    expect(resolveRole('support', 'new@example.com', DATABASE_FIRST)).toEqual({
      role: 'support',
      origin: 'database',
    });
  });

  it('setting first: CONSOLE_ROLES locks whom it lists, the database decides the others', () => {
    expect(resolveRole('viewer', 'ops@example.com', SETTING_FIRST)).toEqual({ role: 'ops', origin: 'setting' });
    expect(resolveRole(null, 'ops@example.com', SETTING_FIRST)).toEqual({ role: 'ops', origin: 'setting' });
    expect(resolveRole('support', 'new@example.com', SETTING_FIRST)).toEqual({ role: 'support', origin: 'database' });
  });
});

describe.each(testDrivers())('operators and roles on $title', (driver) => {
  if (driver.skipReason !== null) {
    it.skip(`skipped: ${driver.skipReason}`, () => {});
    return;
  }

  let database: TestDatabase;
  const signedInAt = Date.now() - 60_000;
  const session = (who: Account, at = signedInAt): SessionToken => ({
    sub: who.id,
    email: who.email,
    scopes: ['admin'],
    accessToken: 'token',
    signedInAt: at,
  });
  const signIn = (who: Account, at = signedInAt, settings: RoleSettings = DATABASE_FIRST) =>
    recordSignIn(
      database.db,
      { accountId: who.id, email: who.email, name: who.email, signedInAt: at, expiresAt: at + HOUR },
      settings.bootstrap,
    );
  const environment = (who: Account, options: { approvals?: 'on' | 'off'; source?: RoleSource } = {}) =>
    ({
      session: session(who),
      roles: BOOTSTRAP,
      roleSource: options.source ?? 'database',
      db: database.db,
      approvals: approvalSettings({ CONSOLE_APPROVALS: options.approvals ?? 'off' }),
      upstreamFor: () => NO_SERVICE,
    }) satisfies ActionEnvironment;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    for (const who of [OPS, SUPPORT, NEWCOMER]) await signIn(who);
  });
  afterAll(async () => database?.dispose());

  it('records CONSOLE_ROLES at first sign-in, and the database wins afterwards', async () => {
    expect(await findOperator(database.db, OPS.id, DATABASE_FIRST, HOUR)).toMatchObject({
      role: 'ops',
      origin: 'database',
      decidedBy: 'CONSOLE_ROLES',
    });
    expect(await findOperator(database.db, NEWCOMER.id, DATABASE_FIRST, HOUR)).toMatchObject({
      role: 'viewer',
      origin: 'default',
    });
    // Support is demoted in the console; a later sign-in with the setting unchanged keeps the database's role.
    expect(
      await changeOperatorRole(database.db, { accountId: SUPPORT.id, role: 'viewer', by: OPS.email }, DATABASE_FIRST),
    ).toMatchObject({ ok: true, before: { role: 'support' }, after: { role: 'viewer', origin: 'database' } });
    await signIn(SUPPORT, Date.now());
    expect(await findOperator(database.db, SUPPORT.id, DATABASE_FIRST, HOUR)).toMatchObject({ role: 'viewer' });
    // With the setting first, CONSOLE_ROLES wins for whom it lists, and a change there is refused.
    expect(await findOperator(database.db, SUPPORT.id, SETTING_FIRST, HOUR)).toMatchObject({
      role: 'support',
      origin: 'setting',
    });
    expect(
      await changeOperatorRole(database.db, { accountId: SUPPORT.id, role: 'ops', by: OPS.email }, SETTING_FIRST),
    ).toMatchObject({ ok: false, refusal: { code: 'locked_by_setting' } });
    // The guard acts on the resolved role: support is a viewer now, refused a support action of the matrix.
    const refused = await executeAction(endOperatorSessionsAction, { accountId: NEWCOMER.id }, environment(SUPPORT));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await changeOperatorRole(database.db, { accountId: SUPPORT.id, role: 'support', by: OPS.email }, DATABASE_FIRST);
  });

  it('keeps the last ops operator, and says why', async () => {
    const result = await executeAction(setOperatorRoleAction, { accountId: OPS.id, role: 'support' }, environment(OPS));
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'last_ops' } });
    expect(result.ok ? '' : result.error.message).toMatch(/last ops operator: grant ops to another operator first/);
    const removed = await executeAction(setOperatorRoleAction, { accountId: OPS.id, role: 'none' }, environment(OPS));
    expect(removed).toMatchObject({ ok: false, error: { code: 'last_ops' } });
    expect(await findOperator(database.db, OPS.id, DATABASE_FIRST, HOUR)).toMatchObject({ role: 'ops' });
    const [audit] = (await queryAudit(database.db, { action: 'operator.set_role' }, { offset: 0, limit: 1 })).rows;
    expect(audit).toMatchObject({ outcome: 'failed', targetIds: [OPS.id] });
  });

  it('grants ops only with a second ops operator’s approval; other roles at once, audited before and after', async () => {
    const direct = await executeAction(
      setOperatorRoleAction,
      { accountId: NEWCOMER.id, role: 'ops' },
      environment(OPS, { approvals: 'on' }),
    );
    expect(direct).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'approval_required' } });
    expect(await findOperator(database.db, NEWCOMER.id, DATABASE_FIRST, HOUR)).toMatchObject({ role: 'viewer' });

    const support = await executeAction(
      setOperatorRoleAction,
      { accountId: NEWCOMER.id, role: 'support' },
      environment(OPS, { approvals: 'on' }),
    );
    expect(support).toMatchObject({ ok: true, data: { before: { role: 'viewer' }, after: { role: 'support' } } });
    const [audit] = (await queryAudit(database.db, { action: 'operator.set_role' }, { offset: 0, limit: 1 })).rows;
    expect(audit).toMatchObject({ outcome: 'ok', summary: 'new@example.com: viewer (default) -> support (database)' });

    const requested = await executeAction(
      requestApprovalAction,
      { action: 'operator.set_role', params: { accountId: NEWCOMER.id, role: 'ops' }, reason: 'ONCALL-7 new on-call' },
      environment(OPS, { approvals: 'on' }),
    );
    expect(requested.ok).toBe(true);
    const requestId = requested.ok ? requested.data.requestId : '';
    // The requester cannot approve their own request; only a second ops operator can.
    expect(
      await executeAction(approveRequestAction, { requestId }, environment(OPS, { approvals: 'on' })),
    ).toMatchObject({ ok: false, error: { code: 'own_request' } });
    const lead: Account = { id: 'usr_lead', email: 'lead@example.com' };
    await signIn(lead);
    await changeOperatorRole(database.db, { accountId: lead.id, role: 'ops', by: 'test' }, DATABASE_FIRST);
    expect(
      await executeAction(approveRequestAction, { requestId }, environment(lead, { approvals: 'on' })),
    ).toMatchObject({ ok: true });
    const granted = await executeAction(
      setOperatorRoleAction,
      { accountId: NEWCOMER.id, role: 'ops' },
      { ...environment(lead, { approvals: 'on' }), authorization: { approvalId: requestId } },
    );
    expect(granted).toMatchObject({ ok: true, data: { after: { role: 'ops' } } });
    // Two ops operators besides ops@ now: ops@ may step down; the last one left may not.
    await changeOperatorRole(database.db, { accountId: NEWCOMER.id, role: 'support', by: 'test' }, DATABASE_FIRST);
    await changeOperatorRole(database.db, { accountId: lead.id, role: 'support', by: 'test' }, DATABASE_FIRST);
  });

  it('judges a pending request by its requester’s role when it is decided', async () => {
    const lead: Account = { id: 'usr_lead', email: 'lead@example.com' };
    await changeOperatorRole(database.db, { accountId: lead.id, role: 'ops', by: 'test' }, DATABASE_FIRST);
    const requested = await executeAction(
      requestApprovalAction,
      { action: 'operator.set_role', params: { accountId: SUPPORT.id, role: 'ops' }, reason: 'ONCALL-8 swap' },
      environment(lead, { approvals: 'on' }),
    );
    const requestId = requested.ok ? requested.data.requestId : '';
    await changeOperatorRole(database.db, { accountId: lead.id, role: 'viewer', by: OPS.email }, DATABASE_FIRST);
    const approved = await executeAction(approveRequestAction, { requestId }, environment(OPS, { approvals: 'on' }));
    expect(approved).toMatchObject({ ok: false, error: { code: 'requester_role' } });
    // And the demoted operator's own approvals: the guard refuses them as a viewer.
    expect(
      await executeAction(approveRequestAction, { requestId }, environment(lead, { approvals: 'on' })),
    ).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('applies a role change made on one instance at the next request on another', async () => {
    type Roles = typeof import('@/lib/operators/roles');
    const instance = async (): Promise<Roles> => {
      vi.resetModules();
      return import('@/lib/operators/roles');
    };
    const [first, second] = [await instance(), await instance()];
    expect(second).not.toBe(first);
    const viewer = session(NEWCOMER);
    expect((await second.sessionOperator(database.db, viewer, DATABASE_FIRST)).role).toBe('support');
    await changeOperatorRole(database.db, { accountId: NEWCOMER.id, role: 'viewer', by: OPS.email }, DATABASE_FIRST);
    expect((await first.sessionOperator(database.db, viewer, DATABASE_FIRST)).role).toBe('viewer');
    expect((await second.sessionOperator(database.db, viewer, DATABASE_FIRST)).role).toBe('viewer');
    await changeOperatorRole(database.db, { accountId: NEWCOMER.id, role: 'support', by: OPS.email }, DATABASE_FIRST);
    expect((await second.sessionOperator(database.db, viewer, DATABASE_FIRST)).role).toBe('support');
  });

  it('ends all of an operator’s sessions with the sign-out’s revocation', async () => {
    const earlier = Date.now() - 120_000;
    await signIn(NEWCOMER, earlier);
    const result = await executeAction(endOperatorSessionsAction, { accountId: NEWCOMER.id }, environment(OPS));
    expect(result).toMatchObject({ ok: true, data: { ended: 2 } });
    expect(await isSessionRevoked({ sub: NEWCOMER.id, signedInAt }, database.db)).toBe(true);
    expect(await isSessionRevoked({ sub: NEWCOMER.id, signedInAt: earlier }, database.db)).toBe(true);
    expect(await isSessionRevoked({ sub: OPS.id, signedInAt }, database.db)).toBe(false);
    expect(await findOperator(database.db, NEWCOMER.id, DATABASE_FIRST, HOUR)).toMatchObject({ openSessions: 0 });
  });
});
