/**
 * The page shell's read cache (lib/db/read-cache.ts) and the reads that use it: a value is
 * believed for PAGE_READ_TTL_MS, a write through this process's stores is seen at once, a write
 * made behind them (another console instance) within the TTL; a failed read is not kept. The
 * action guard's role read does not use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { PAGE_READ_TTL_MS, readCache } from '@/lib/db/read-cache';
import { pageOperator, sessionOperator } from '@/lib/operators/roles';
import { changeOperatorRole, recordSignIn } from '@/lib/operators/store';
import { parseRoleMapping, type RoleSettings } from '@/lib/auth/roles';
import { deleteView, listSidebarViews, saveView } from '@/lib/views/store';
import { applyReading, claimEvaluation } from '@/lib/watch/episodes';
import { watchSlotOf } from '@/lib/watch/evaluator';
import { countFiring, createRule, deleteRule, setRuleEnabled } from '@/lib/watch/store';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from './drivers';

const SETTINGS: RoleSettings = { bootstrap: parseRoleMapping('ops@example.com=ops'), source: 'database' };
const OPS = { id: 'usr_ops', email: 'ops@example.com', role: 'ops' as const };
const SUPPORT = { id: 'usr_support', email: 'support@example.com' };

describe('the read cache', () => {
  const fakeDb = { query: async () => [] };
  it('loads once per key within the TTL, again after it or after forget, and keeps no failed read', async () => {
    const cache = readCache<string, number>('test-counter');
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read(fakeDb, 'a', load, 1_000)).toBe(1);
    expect(await cache.read(fakeDb, 'a', load, 1_000 + PAGE_READ_TTL_MS - 1)).toBe(1);
    expect(await cache.read(fakeDb, 'b', load, 1_000)).toBe(2);
    expect(await cache.read({ query: async () => [] }, 'a', load, 1_000)).toBe(3);
    expect(await cache.read(fakeDb, 'a', load, 1_000 + PAGE_READ_TTL_MS)).toBe(4);
    cache.forget();
    expect(await cache.read(fakeDb, 'a', load, 1_000 + PAGE_READ_TTL_MS)).toBe(5);
    const failing = readCache<string, number>('test-failing');
    await expect(failing.read(fakeDb, 'a', () => Promise.reject(new Error('down')), 1_000)).rejects.toThrow('down');
    expect(await failing.read(fakeDb, 'a', async () => 7, 1_001)).toBe(7);
  });

  it('shares one load between reads made while it runs', async () => {
    const cache = readCache<string, number>('test-shared');
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    expect(await Promise.all([cache.read(fakeDb, 'a', load, 0), cache.read(fakeDb, 'a', load, 1)])).toEqual([1, 1]);
  });
});

describe("the page shell's reads", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(pgliteTestDriver);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('counts firing rules: an evaluation or a change here is seen at once, one elsewhere after the TTL', async () => {
    const now = Date.now();
    const rule = await createRule(database.db, OPS, {
      name: 'Backlog',
      target: { kind: 'stuck', scope: { workspaces: [], channels: [], statuses: ['paused'], threshold: 15 } },
      condition: { kind: 'above', count: 5, forMinutes: 0 },
      recoveryMargin: 0,
      incidentSeverity: null,
      enabled: true,
    });
    expect(await countFiring(database.db, now)).toBe(0);
    const slot = watchSlotOf(now, 60);
    expect(await claimEvaluation(database.db, rule.id, slot, 'console-test')).toBe(true);
    const applied = await applyReading(
      database.db,
      rule.id,
      slot,
      { kind: 'count', count: 9, baseline: null },
      new Date(now),
    );
    expect(applied.to).toBe('firing');
    expect(await countFiring(database.db, now)).toBe(1);
    await setRuleEnabled(database.db, rule.id, false);
    expect(await countFiring(database.db, now)).toBe(0);
    await setRuleEnabled(database.db, rule.id, true);
    expect(await countFiring(database.db, now)).toBe(1);
    // Another instance's change, behind this process's store: believed stale until the TTL passes.
    await database.db.query(`UPDATE watch_rules SET state = 'ok' WHERE id = $1`, [rule.id]);
    expect(await countFiring(database.db, now + 1)).toBe(1);
    expect(await countFiring(database.db, now + PAGE_READ_TTL_MS)).toBe(0);
    await database.db.query(`UPDATE watch_rules SET state = 'firing' WHERE id = $1`, [rule.id]);
    await deleteRule(database.db, rule.id);
    expect(await countFiring(database.db, now + PAGE_READ_TTL_MS)).toBe(0);
  });

  it("lists the sidebar's views: a save or delete here is seen at once, one elsewhere after the TTL", async () => {
    const now = Date.now();
    expect(await listSidebarViews(database.db, SUPPORT, now)).toEqual([]);
    const shared = await saveView(database.db, OPS, {
      name: 'Paused',
      href: '/stuck?status=paused',
      visibility: 'shared',
    });
    expect((await listSidebarViews(database.db, SUPPORT, now)).map((view) => view.name)).toEqual(['Paused']);
    await database.db.query(`UPDATE saved_views SET name = 'Renamed elsewhere' WHERE id = $1`, [shared.id]);
    expect((await listSidebarViews(database.db, SUPPORT, now + 1)).map((view) => view.name)).toEqual(['Paused']);
    expect((await listSidebarViews(database.db, SUPPORT, now + PAGE_READ_TTL_MS)).map((view) => view.name)).toEqual([
      'Renamed elsewhere',
    ]);
    await deleteView(database.db, OPS, shared.id);
    expect(await listSidebarViews(database.db, SUPPORT, now + PAGE_READ_TTL_MS)).toEqual([]);
  });

  it("draws pages with the cached role; the action guard's read and a change here see a new role at once", async () => {
    const signedInAt = Date.now() - 60_000;
    await recordSignIn(
      database.db,
      { accountId: OPS.id, email: OPS.email, name: 'Ops', signedInAt, expiresAt: signedInAt + 3_600_000 },
      SETTINGS.bootstrap,
    );
    await recordSignIn(
      database.db,
      { accountId: SUPPORT.id, email: SUPPORT.email, name: 'Support', signedInAt, expiresAt: signedInAt + 3_600_000 },
      SETTINGS.bootstrap,
    );
    const token: SessionToken = {
      sub: SUPPORT.id,
      email: SUPPORT.email,
      scopes: ['admin'],
      accessToken: 'token',
      signedInAt,
    };
    expect((await pageOperator(database.db, token, SETTINGS)).role).toBe('viewer');
    await changeOperatorRole(database.db, { accountId: SUPPORT.id, role: 'support', by: OPS.email }, SETTINGS);
    expect((await pageOperator(database.db, token, SETTINGS)).role).toBe('support');
    // Another instance demotes them: the guard's read sees it at once, a page within the TTL.
    await database.db.query(`UPDATE operators SET role = 'viewer' WHERE account_id = $1`, [SUPPORT.id]);
    expect((await sessionOperator(database.db, token, SETTINGS)).role).toBe('viewer');
    expect((await pageOperator(database.db, token, SETTINGS)).role).toBe('support');
  });
});
