/**
 * A sign-out on one console instance, seen by another, on PGlite and PostgreSQL: the other
 * instance believes its cached "not signed out" for at most REVOKED_CHECK_TTL_MS, then refuses
 * the session for good. Each instance is a module instance of its own (its own cache), on one
 * database; time is passed in, not waited for.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

type Revocation = typeof import('@/lib/auth/session-cookie/revocation');

/** A console instance's revocation module, with a cache of its own. */
async function instance(): Promise<Revocation> {
  vi.resetModules();
  // The cache is one per process (on globalThis, shared by Next's bundles): a fresh process starts without it.
  Reflect.deleteProperty(globalThis, Symbol.for('voice-ops-console.revoked-sessions'));
  return import('@/lib/auth/session-cookie/revocation');
}

describe.each(testDrivers())('a sign-out seen by another instance on $title', (driver) => {
  if (driver.skipReason !== null) {
    it.skip(`skipped: ${driver.skipReason}`, () => {});
    return;
  }

  let database: TestDatabase;
  let db: ConsoleDb;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
  });
  afterAll(async () => database?.dispose());

  it('is refused there within the cache time, and for good', async () => {
    const signingOut = await instance();
    const other = await instance();
    expect(other).not.toBe(signingOut);
    const session = { sub: `usr_${driver.title}`, signedInAt: Date.now() };
    const t0 = Date.now();
    expect(await other.isSessionRevoked(session, db, t0)).toBe(false);

    await signingOut.revokeSession(session, t0 + 3_600_000, db);
    expect(await signingOut.isSessionRevoked(session, db, t0)).toBe(true);
    // The other instance's cached answer stands until its time is up, not one moment longer.
    expect(await other.isSessionRevoked(session, db, t0 + other.REVOKED_CHECK_TTL_MS - 1)).toBe(false);
    expect(await other.isSessionRevoked(session, db, t0 + other.REVOKED_CHECK_TTL_MS)).toBe(true);
    // A revocation once seen is final, even when the database no longer answers.
    const gone: ConsoleDb = { ...db, query: () => Promise.reject(new Error('connection reset')) };
    expect(await other.isSessionRevoked(session, gone, t0 + 10 * other.REVOKED_CHECK_TTL_MS)).toBe(true);
    // A third instance that never asked before asks the database at once.
    expect(await (await instance()).isSessionRevoked(session, db, t0)).toBe(true);
  });
});
