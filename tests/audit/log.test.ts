import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAudit, recordIntent, recordOutcome, recordRefusal, type AuditIntent } from '@/lib/audit/log';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

function intent(overrides: Partial<AuditIntent> = {}): AuditIntent {
  return {
    operatorId: 'op-1',
    operatorEmail: 'ops@example.com',
    operatorRole: 'ops',
    action: 'user.set_verified',
    targetType: 'user',
    targetIds: ['u-1'],
    params: { verified: true },
    ...overrides,
  };
}

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`the audit log on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(() => database?.dispose());

    async function entry(id: string) {
      const { rows } = await queryAudit(database.db, {}, { offset: 0, limit: 500 });
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw new Error(`no audit entry ${id}`);
      return row;
    }

    it('writes an intent as pending, then completes it once with the outcome', async () => {
      const id = await recordIntent(database.db, intent({ targetIds: ['u-1', 'u-2'], jobId: 'job-7' }));
      expect(id).toMatch(/^\d+$/);
      expect(await entry(id)).toEqual({
        id,
        occurredAt: expect.any(Date),
        operatorId: 'op-1',
        operatorEmail: 'ops@example.com',
        operatorRole: 'ops',
        action: 'user.set_verified',
        targetType: 'user',
        targetIds: ['u-1', 'u-2'],
        params: { verified: true },
        outcome: 'pending',
        denialReason: null,
        upstreamStatus: null,
        upstreamRequestId: null,
        errorMessage: null,
        summary: null,
        durationMs: null,
        completedAt: null,
        jobId: 'job-7',
        refusalCount: null,
      });

      await recordOutcome(database.db, id, {
        outcome: 'failed',
        upstreamStatus: 502,
        upstreamRequestId: 'req-1',
        errorMessage: 'bad gateway',
        durationMs: 123.6,
      });
      const completed = await entry(id);
      expect(completed).toMatchObject({
        outcome: 'failed',
        upstreamStatus: 502,
        upstreamRequestId: 'req-1',
        errorMessage: 'bad gateway',
        durationMs: 124,
        completedAt: expect.any(Date),
      });
      expect(completed.completedAt!.getTime()).toBeGreaterThanOrEqual(completed.occurredAt.getTime());

      await expect(recordOutcome(database.db, id, { outcome: 'ok', durationMs: 1 })).rejects.toThrow(
        `Audit entry ${id} is not pending: unknown id, or its outcome is already recorded`,
      );
      await expect(recordOutcome(database.db, '999999999', { outcome: 'ok', durationMs: 1 })).rejects.toThrow(
        'is not pending',
      );
      await expect(recordOutcome(database.db, 'abc', { outcome: 'ok', durationMs: 1 })).rejects.toThrow(
        'Invalid audit id',
      );
    });

    it('writes a refusal as one complete row with its reason', async () => {
      const id = await recordRefusal(database.db, {
        ...intent({ operatorRole: 'viewer', operatorEmail: 'viewer@example.com' }),
        outcome: 'denied',
        reason: 'viewer may not set verified',
      });
      expect(await entry(id)).toMatchObject({
        outcome: 'denied',
        denialReason: 'viewer may not set verified',
        operatorRole: 'viewer',
        completedAt: expect.any(Date),
        durationMs: null,
      });
      await expect(recordOutcome(database.db, id, { outcome: 'ok', durationMs: 1 })).rejects.toThrow('is not pending');

      const invalid = await recordRefusal(database.db, {
        ...intent({ params: { verified: 'perhaps' } }),
        outcome: 'invalid',
        reason: 'verified: expected boolean',
      });
      expect(await entry(invalid)).toMatchObject({
        outcome: 'invalid',
        denialReason: 'verified: expected boolean',
        params: { verified: 'perhaps' },
      });
    });

    it('refuses an entry that is not well formed, writing nothing', async () => {
      const before = (await queryAudit(database.db, {}, { offset: 0, limit: 1 })).total;
      await expect(recordIntent(database.db, intent({ action: 'DROP TABLE audit_log' }))).rejects.toThrow(
        /Invalid audit entry:[\s\S]*action must look like area\.verb/,
      );
      await expect(recordIntent(database.db, { ...intent(), operatorRole: 'admin' as 'ops' })).rejects.toThrow(
        /operatorRole/,
      );
      expect((await queryAudit(database.db, {}, { offset: 0, limit: 1 })).total).toBe(before);
    });

    it('stores parameters redacted and bounded, and text PostgreSQL could not take', async () => {
      const id = await recordIntent(
        database.db,
        intent({
          params: {
            note: 'n\u0000ul',
            refreshToken: 'rt',
            headers: { Authorization: 'Bearer abc' },
            body: 'x'.repeat(3_000),
          },
        }),
      );
      await recordOutcome(database.db, id, {
        outcome: 'failed',
        errorMessage: `broken\u0000 ${'e'.repeat(2_500)}`,
        durationMs: 5,
      });
      const row = await entry(id);
      expect(row.params).toEqual({
        note: 'n\ufffdul',
        refreshToken: '[redacted]',
        headers: { Authorization: '[redacted]' },
        body: `${'x'.repeat(2_000)}… [1000 more characters]`,
      });
      expect(JSON.stringify(row.params)).not.toContain('Bearer abc');
      expect(row.errorMessage).toMatch(/^broken\ufffd e+… \[508 more characters\]$/);

      const large = await recordIntent(
        database.db,
        intent({ params: { items: Array.from({ length: 40 }, (_, index) => `${index}`.repeat(1_500)) } }),
      );
      expect((await entry(large)).params).toMatchObject({ _truncated: true, _bytes: expect.any(Number) });
    });

    it('takes part in a transaction: rolled back with it', async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await recordIntent(tx, intent({ targetIds: ['rolled-back'] }));
          throw new Error('gave up');
        }),
      ).rejects.toThrow('gave up');
      expect((await queryAudit(database.db, { target: 'rolled-back' }, { offset: 0, limit: 10 })).total).toBe(0);
    });

    describe('the database itself keeps it append-only', () => {
      it('refuses DELETE and TRUNCATE', async () => {
        const id = await recordIntent(database.db, intent());
        await expect(database.db.query('DELETE FROM audit_log WHERE id = $1::bigint', [id])).rejects.toThrow(
          'audit_log is append-only: DELETE is not allowed',
        );
        await expect(database.db.query('TRUNCATE audit_log')).rejects.toThrow(
          'audit_log is append-only: TRUNCATE is not allowed',
        );
        expect(await entry(id)).toMatchObject({ id });
      });

      it('refuses a second outcome', async () => {
        const id = await recordIntent(database.db, intent());
        await recordOutcome(database.db, id, { outcome: 'ok', upstreamStatus: 200, durationMs: 10 });
        await expect(
          database.db.query(
            "UPDATE audit_log SET outcome = 'failed', error_message = 'rewritten' WHERE id = $1::bigint",
            [id],
          ),
        ).rejects.toThrow(`audit_log row ${id} already has its outcome (ok)`);
        expect(await entry(id)).toMatchObject({ outcome: 'ok', errorMessage: null });
      });

      it('refuses changing what was done, by whom, or to what, even while pending', async () => {
        const id = await recordIntent(database.db, intent());
        for (const change of [
          "action = 'user.delete'",
          "operator_email = 'someone-else@example.com'",
          "operator_role = 'viewer'",
          "target_ids = '{u-2}'",
          `params = '{"verified": false}'`,
          "occurred_at = now() - interval '1 day'",
        ]) {
          await expect(
            database.db.query(
              `UPDATE audit_log SET ${change}, outcome = 'ok', completed_at = now() WHERE id = $1::bigint`,
              [id],
            ),
          ).rejects.toThrow(`audit_log row ${id}: only the outcome columns may change`);
        }
        await expect(
          database.db.query("UPDATE audit_log SET error_message = 'x' WHERE id = $1::bigint", [id]),
        ).rejects.toThrow(`audit_log row ${id}: an update must record an outcome`);
        expect(await entry(id)).toMatchObject({
          action: 'user.set_verified',
          operatorEmail: 'ops@example.com',
          outcome: 'pending',
        });
      });
    });
  });
}
