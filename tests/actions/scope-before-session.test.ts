/**
 * A signed-in account without the admin scope holds no service tokens (lib/auth/options.ts keeps
 * them only with the scope): calling an action must say the scope is missing, not that the
 * session ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAction } from '@/lib/actions/guard/execute';
import { setVerifiedAction } from '@/lib/actions/users';
import { queryAudit } from '@/lib/audit/log';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase(pgliteTestDriver);
});

afterAll(async () => {
  await database?.dispose();
});

describe('an action called by an account without the admin scope', () => {
  it('is refused as forbidden with the admin scope named, and audited so', async () => {
    // The shape the console stores for such an account: scopes, no tokens.
    const session: SessionToken = {
      sub: 'u1',
      email: 'member@example.com',
      scopes: ['identity'],
      signedInAt: Date.now(),
    };
    const result = await executeAction(
      setVerifiedAction,
      { userId: 'u1' },
      {
        session,
        roles: parseRoleMapping('member@example.com=ops'),
        db: database.db,
        upstreamFor: () => {
          throw new Error('no call to the service may be made');
        },
      },
    );
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: expect.stringMatching(/admin scope/) },
    });
    const { rows } = await queryAudit(database.db, { action: setVerifiedAction.name }, { offset: 0, limit: 1 });
    expect(rows[0]).toMatchObject({
      outcome: 'denied',
      operatorEmail: 'member@example.com',
      denialReason: 'no admin scope',
    });
  });
});
