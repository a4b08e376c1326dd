/**
 * Several console instances refreshing one session at once: one refresh reaches the service, every
 * instance gets its result, and a browser that lost the new cookie and presents the old one again
 * within the grace window gets the same result instead of replaying a rotated token. Each instance
 * is a refresher with its own memory, on its own connection pool to one database. A leader that
 * dies mid-refresh is taken over once its time is up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRefreshCoordinator,
  createSessionRefresher,
  type RefreshOutcome,
  type SessionToken,
} from '@/lib/auth/session-cookie';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import type { RunningEmulator } from '../../emulator/server';
import { testDrivers } from '../db/drivers';
import { consoleClientOf, refreshTokens, signIn, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
  Object.assign(process.env, {
    NEXTAUTH_SECRET: 'coordination-secret-0123456789abcdef',
    VOICE_TOKEN_URL: `${emulator.url}/oauth/token`,
    VOICE_CLIENT_ID: emulator.config.consoleClientId,
    VOICE_CLIENT_SECRET: emulator.config.consoleClientSecret,
  });
});

afterAll(async () => {
  await emulator?.stop();
});

async function session(email: string): Promise<SessionToken> {
  const tokens = await signIn(consoleClientOf(emulator), { email });
  return {
    sub: email,
    email,
    scopes: (tokens.scope ?? '').split(' '),
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessTokenExpiresAt: Date.now() + 1_000,
    accessTokenLifetime: tokens.expires_in,
    signedInAt: Date.now(),
  };
}

const tokenRequests = () =>
  emulator.requestLog.list().filter((entry) => entry.method === 'POST' && entry.path === '/oauth/token').length;
const newRefreshToken = (outcome: RefreshOutcome) =>
  outcome.kind === 'refreshed' ? outcome.token.refreshToken : `not refreshed: ${outcome.kind}`;

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`refresh across instances on ${driver.title}`, () => {
    let location: Awaited<ReturnType<typeof driver.migratedLocation>>;
    const pools: ConsoleDb[] = [];
    /** A console instance: its own refresher and, on PostgreSQL, its own pool. */
    let instance: () => Promise<ReturnType<typeof createSessionRefresher>>;

    beforeAll(async () => {
      location = await driver.migratedLocation();
      const first = await openConsoleDb(location.options);
      pools.push(first);
      instance = async () => {
        // PGlite is one process's database; PostgreSQL is what several instances share.
        const db = location.options.databaseUrl ? await openConsoleDb(location.options) : first;
        if (db !== first) pools.push(db);
        return createSessionRefresher({ db: async () => db });
      };
    });

    afterAll(async () => {
      for (const pool of pools) await pool.close();
      await location?.remove();
    });

    it('two instances at once: one refresh at the service, both get its tokens, the grant lives', async () => {
      const operator = await session('ops@example.com');
      const [a, b] = await Promise.all([instance(), instance()]);
      const before = tokenRequests();
      const [fromA, fromB] = await Promise.all([a(operator), b(operator)]);
      expect(tokenRequests() - before).toBe(1);
      expect(fromA.kind).toBe('refreshed');
      expect(newRefreshToken(fromB)).toBe(newRefreshToken(fromA));
      expect(newRefreshToken(fromA)).not.toBe(operator.refreshToken);
      if (fromB.kind === 'refreshed')
        expect(fromB.token).toMatchObject({ email: operator.email, signedInAt: operator.signedInAt });

      // The response with the new cookie was lost: the old cookie again, at a third instance.
      const c = await instance();
      const again = await c(operator);
      expect(tokenRequests() - before).toBe(1);
      expect(newRefreshToken(again)).toBe(newRefreshToken(fromA));

      expect((await refreshTokens(consoleClientOf(emulator), newRefreshToken(fromA)!)).status).toBe(200);
    });

    it('a leader that dies mid-refresh is taken over once its time is up: one refresh after it, whose result every instance gets', async () => {
      const operator = await session('viewer@example.com');
      const db = pools[0]!;
      /** An instance's coordinator, with a leader timeout short enough to wait out here. */
      const coordinator = () =>
        createRefreshCoordinator({
          db: async () => db,
          secret: () => process.env.NEXTAUTH_SECRET!,
          leaderTimeoutMs: () => 400,
          pollMs: 20,
        });
      const refreshed: RefreshOutcome = {
        kind: 'refreshed',
        token: { ...operator, refreshToken: 'rotated-by-the-second-leader', accessToken: 'new-access' },
      };
      let deadLeaderCalls = 0;
      let takeoverCalls = 0;
      // The first leader claims the refresh, then never answers (its process hung or died).
      void coordinator()(operator, operator.refreshToken!, () => {
        deadLeaderCalls++;
        return new Promise<RefreshOutcome>(() => {});
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const outcome = await coordinator()(operator, operator.refreshToken!, async () => {
        takeoverCalls++;
        return refreshed;
      });
      expect(outcome).toMatchObject({
        kind: 'refreshed',
        token: { refreshToken: 'rotated-by-the-second-leader', accessToken: 'new-access', email: operator.email },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect([deadLeaderCalls, takeoverCalls]).toEqual([1, 1]);
      // A third instance presenting the old token gets that result, without refreshing.
      const third = await coordinator()(operator, operator.refreshToken!, async () => {
        throw new Error('must not refresh again');
      });
      expect(newRefreshToken(third)).toBe('rotated-by-the-second-leader');
    });

    it('a refused token is refused for every instance, with one request to the service', async () => {
      const operator = await session('support@example.com');
      // Rotated away behind the console's back: presenting the old one is a replay.
      expect((await refreshTokens(consoleClientOf(emulator), operator.refreshToken!)).status).toBe(200);
      const [a, b] = await Promise.all([instance(), instance()]);
      const before = tokenRequests();
      const outcomes = await Promise.all([a(operator), b(operator)]);
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['rejected', 'rejected']);
      expect(tokenRequests() - before).toBe(1);
    });
  });
}
