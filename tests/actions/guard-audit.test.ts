/**
 * The guard's audit writes under attack and failure, on PGlite and PostgreSQL:
 * refusals without a session are counted, not written a row each, and name no record; a failed
 * outcome write does not turn an applied change into a failure; a failed intent write means the
 * service is never called; the service refusing the session and an unexpected error each reach
 * the operator as what they are; a BigInt in the input is still refused and recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from '@/lib/actions/guard/define';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import { queryAudit } from '@/lib/audit/log';
import { MAX_SOURCES_PER_WINDOW } from '@/lib/audit/refusals';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import type { ConsoleDb } from '@/lib/db';
import { UpstreamClient } from '@/lib/upstream/client';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const ROLES = parseRoleMapping('support@example.com=support,viewer@example.com=viewer');
const session = (email: string): SessionToken => ({
  sub: `usr_${email}`,
  email,
  scopes: ['admin'],
  accessToken: 'token',
  signedInAt: Date.now(),
});
const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });

describe.each(testDrivers())('the action guard audit on $title', (driver) => {
  if (driver.skipReason !== null) {
    it.skip(`skipped: ${driver.skipReason}`, () => {});
    return;
  }

  let database: TestDatabase;
  let applied = 0;
  let actionCounter = 0;

  /** A fresh action name per test, so counts do not mix. */
  function probe() {
    return defineAction({
      name: `probe.touch_${++actionCounter}`,
      requiredRole: 'support',
      input: z.object({ id: z.string().min(1) }),
      target: (input) => ({ type: 'probe', ids: [input.id] }),
      run: async () => ++applied,
    });
  }

  function environment(
    token: SessionToken | null,
    options: { db?: ConsoleDb; source?: string; upstream?: UpstreamClient } = {},
  ): ActionEnvironment {
    return {
      session: token,
      roles: ROLES,
      db: options.db ?? database.db,
      source: options.source,
      upstreamFor: () => options.upstream ?? NO_SERVICE,
    };
  }

  /** The database with every statement matching `failing` refused, as a lost connection would. */
  function failingDb(failing: RegExp): ConsoleDb {
    return {
      kind: database.db.kind,
      query: <T>(sql: string, params?: readonly unknown[]) =>
        failing.test(sql) ? Promise.reject(new Error('connection reset')) : database.db.query<T>(sql, params),
      transaction: (fn) => database.db.transaction(fn),
      close: async () => {},
    };
  }

  const rowsOf = async (action: string) => (await queryAudit(database.db, { action }, { offset: 0, limit: 500 })).rows;

  /** A service that refuses every token, as one whose grant was revoked does. */
  let refusing: Server;
  let refusingUrl = '';

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    refusing = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode: 401, errmsg: 'token revoked' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => refusing?.close(resolve));
    await database?.dispose();
  });

  it('counts refusals without a session per action, source and minute, with one row and no target ids', async () => {
    const action = probe();
    for (let i = 0; i < 50; i++) {
      const result = await executeAction(action, { id: `victim-${i}` }, environment(null, { source: '203.0.113.9' }));
      expect(result).toMatchObject({ ok: false, error: { kind: 'unauthenticated' } });
    }
    const rows = await rowsOf(action.name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'denied',
      operatorEmail: 'anonymous',
      denialReason: 'no session',
      targetIds: [],
      refusalCount: 50,
      params: { source: '203.0.113.9' },
    });
    // No record's history shows what an unauthenticated caller named.
    expect((await queryAudit(database.db, { target: 'victim-7' }, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('keeps a bounded number of rows when the sender varies its source', async () => {
    const action = probe();
    for (let i = 0; i < 60; i++)
      await executeAction(action, { id: 'x' }, environment(null, { source: `198.51.100.${i}` }));
    const rows = await rowsOf(action.name);
    expect(rows.length).toBeLessThanOrEqual(MAX_SOURCES_PER_WINDOW + 1);
    expect(rows.reduce((sum, row) => sum + (row.refusalCount ?? 0), 0)).toBe(60);
  });

  it('keeps refusals of signed-in operators itemised, with their targets', async () => {
    const action = probe();
    for (let i = 0; i < 3; i++)
      await executeAction(action, { id: `rec-${i}` }, environment(session('viewer@example.com')));
    const rows = await rowsOf(action.name);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.targetIds[0]).sort()).toEqual(['rec-0', 'rec-1', 'rec-2']);
    expect(rows.every((row) => row.operatorEmail === 'viewer@example.com' && row.refusalCount === null)).toBe(true);
  });

  it('tells the operator an applied change was applied when its outcome cannot be recorded', async () => {
    const action = probe();
    const failingOutcome: ConsoleDb = {
      kind: database.db.kind,
      query: <T>(sql: string, params?: readonly unknown[]) =>
        /^\s*UPDATE audit_log/.test(sql)
          ? Promise.reject(new Error('connection reset'))
          : database.db.query<T>(sql, params),
      transaction: (fn) => database.db.transaction(fn),
      close: async () => {},
    };
    const before = applied;
    const result = await executeAction(
      action,
      { id: 'rec-9' },
      environment(session('support@example.com'), { db: failingOutcome }),
    );
    expect(applied).toBe(before + 1);
    expect(result).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/^Done\. The audit log could not record/),
    });
    // The entry stays pending (what happened is unknown to the log), never "failed".
    expect((await rowsOf(action.name)).map((row) => row.outcome)).toEqual(['pending']);
  });

  it('never calls the service when the audit intent cannot be written', async () => {
    const action = probe();
    let clients = 0;
    const before = applied;
    const outcome = await executeAction(
      action,
      { id: 'rec-10' },
      {
        ...environment(session('support@example.com'), { db: failingDb(/^\s*INSERT INTO audit_log/) }),
        upstreamFor: () => {
          clients++;
          return NO_SERVICE;
        },
      },
    ).then(
      (result) => result,
      (error: unknown) => error,
    );
    expect(applied).toBe(before);
    expect(clients).toBe(0);
    expect(outcome).not.toMatchObject({ ok: true });
    expect(await rowsOf(action.name)).toEqual([]);
  });

  it('maps the service refusing the session (401) to unauthenticated, and audits it as failed', async () => {
    const action = defineAction({
      name: `probe.read_${++actionCounter}`,
      requiredRole: 'support',
      input: z.object({ id: z.string().min(1) }),
      target: (input) => ({ type: 'probe', ids: [input.id] }),
      run: async ({ upstream }, input) =>
        (await upstream.request({ method: 'GET', path: `/admin/probe/${input.id}` })).data,
    });
    const upstream = new UpstreamClient({ baseUrl: refusingUrl, accessToken: 'revoked', log: () => undefined });
    const result = await executeAction(
      action,
      { id: 'rec-11' },
      environment(session('support@example.com'), { upstream }),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthenticated', failure: { kind: 'unauthorized' } } });
    const [row] = await rowsOf(action.name);
    expect(row).toMatchObject({ outcome: 'failed', upstreamStatus: 401 });
  });

  it('answers an unexpected error as internal, naming the audit entry and no detail of the error', async () => {
    const action = defineAction({
      name: `probe.crash_${++actionCounter}`,
      requiredRole: 'support',
      input: z.object({ id: z.string().min(1) }),
      target: (input) => ({ type: 'probe', ids: [input.id] }),
      run: async () => {
        throw new TypeError('secret internals: cannot read properties of undefined');
      },
    });
    const result = await executeAction(action, { id: 'rec-12' }, environment(session('support@example.com')));
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'internal',
        message: expect.stringMatching(/^The console failed unexpectedly\. Reference: audit entry \S+\.$/),
      },
    });
    expect(JSON.stringify(result)).not.toContain('secret internals');
    const [row] = await rowsOf(action.name);
    expect(row?.outcome).toBe('failed');
    expect(result.ok ? '' : result.error.message).toContain(`audit entry ${row?.id}`);
  });

  it('records the refusal of an input holding a BigInt, with or without a session', async () => {
    const action = probe();
    await expect(executeAction(action, { id: 10n }, environment(null))).resolves.toMatchObject({
      ok: false,
      error: { kind: 'unauthenticated' },
    });
    await expect(
      executeAction(action, { id: 10n }, environment(session('support@example.com'))),
    ).resolves.toMatchObject({ ok: false, error: { kind: 'invalid' } });
    await expect(executeAction(action, 10n, environment(session('viewer@example.com')))).resolves.toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    const rows = await rowsOf(action.name);
    expect(rows.map((row) => row.outcome).sort()).toEqual(['denied', 'denied', 'invalid']);
    expect(rows.find((row) => row.outcome === 'invalid')?.params).toEqual({ id: '10' });
    expect(rows.find((row) => row.operatorEmail === 'viewer@example.com')?.params).toEqual({ input: '10' });
  });
});
