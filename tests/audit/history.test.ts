import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTargetHistory, streamTargetHistory } from '@/lib/audit/history';
import type { Queryable } from '@/lib/db';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const MESSAGE = 'msg_history_1';

async function audit(db: Queryable, at: string, action: string, targets: string[], label: string): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (occurred_at, operator_id, operator_email, operator_role, action, target_type, target_ids,
       params, outcome, completed_at, summary, upstream_request_id)
     VALUES ($1::timestamptz, 'op-1', 'support@example.com', 'support', $2, 'message', $3::text[], $4::jsonb, 'ok',
       $1::timestamptz, 'status was processing, now deleted', 'req-single')`,
    [at, action, targets, JSON.stringify({ label })],
  );
}

async function job(db: Queryable, id: string, startedAt: string | null): Promise<void> {
  await db.query(
    `INSERT INTO bulk_jobs (id, action, params, selection, status, created_by_id, created_by_email, created_by_role,
       started_at, total)
     VALUES ($1, 'message.set_status', '{"status":"processing"}'::jsonb, '{}'::jsonb, $2, 'op-2', 'ops@example.com',
       'ops', $3::timestamptz, 3)`,
    [id, startedAt === null ? 'cancelled' : 'completed', startedAt],
  );
}

async function item(
  db: Queryable,
  jobId: string,
  seq: number,
  itemId: string,
  status: string,
  finishedAt: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO bulk_job_items (job_id, seq, item_id, status, target_status, status_before, status_after,
       upstream_status, upstream_request_id, finished_at)
     VALUES ($1, $2, $3, $4, 'processing', 'initializing', CASE WHEN $4 = 'ok' THEN 'processing' END,
       CASE WHEN $4 = 'ok' THEN 200 END, CASE WHEN $4 = 'ok' THEN 'req-item' END, $5::timestamptz)`,
    [jobId, seq, itemId, status, finishedAt],
  );
}

async function seed(db: Queryable): Promise<void> {
  await audit(db, '2026-11-20T10:00:00Z', 'message.set_status', [MESSAGE], 'single-1');
  await audit(db, '2026-11-20T12:00:00Z', 'message.create_mp3', ['msg_other'], 'other');
  await audit(db, '2026-11-20T14:00:00Z', 'message.reprocess', [MESSAGE, 'msg_other'], 'single-2');
  await job(db, 'job-a', '2026-11-20T10:59:00Z');
  await item(db, 'job-a', 0, MESSAGE, 'ok', '2026-11-20T11:00:00Z');
  await item(db, 'job-a', 1, 'msg_other', 'ok', '2026-11-20T11:00:01Z');
  await job(db, 'job-b', '2026-11-20T12:59:00Z');
  await item(db, 'job-b', 0, MESSAGE, 'failed', '2026-11-20T13:00:00Z');
  // Never sent: a job that was cancelled before this item's turn did nothing to the record.
  await job(db, 'job-c', null);
  await item(db, 'job-c', 0, MESSAGE, 'skipped', '2026-11-20T15:00:00Z');
  await item(db, 'job-c', 1, 'msg_history_2', 'pending', null);
}

const describeRow = (row: { jobId: string | null; params: unknown; outcome: string }) =>
  row.jobId ? `${row.jobId}:${row.outcome}` : `${(row.params as { label: string }).label}:${row.outcome}`;

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`a record's history on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
      await seed(database.db);
    });
    afterAll(() => database?.dispose());

    it('lists single actions and the job items that acted on the record, newest first, with the count', async () => {
      const { rows, total } = await queryTargetHistory(database.db, { target: MESSAGE }, { offset: 0, limit: 10 });
      expect(rows.map(describeRow)).toEqual(['single-2:ok', 'job-b:failed', 'job-a:ok', 'single-1:ok']);
      expect(total).toBe(4);
      const done = rows[2]!;
      expect(done).toMatchObject({
        action: 'message.set_status',
        operatorEmail: 'ops@example.com',
        operatorRole: 'ops',
        targetType: 'message',
        targetIds: [MESSAGE],
        upstreamRequestId: 'req-item',
        upstreamStatus: 200,
        jobItem: { status: 'ok', before: 'initializing', after: 'processing', targetStatus: 'processing' },
      });
      expect(done.occurredAt.toISOString()).toBe('2026-11-20T11:00:00.000Z');
      expect(rows[0]!.jobItem).toBeUndefined();
    });

    it('pages across both stores and keeps the audit filters', async () => {
      const page = await queryTargetHistory(database.db, { target: MESSAGE }, { offset: 1, limit: 2 });
      expect(page.rows.map(describeRow)).toEqual(['job-b:failed', 'job-a:ok']);
      expect(page.total).toBe(4);
      const oldest = await queryTargetHistory(database.db, { target: MESSAGE }, { offset: 0, limit: 2 }, 'asc');
      expect(oldest.rows.map(describeRow)).toEqual(['single-1:ok', 'job-a:ok']);

      const failed = await queryTargetHistory(
        database.db,
        { target: MESSAGE, outcome: 'failed' },
        { offset: 0, limit: 10 },
      );
      expect(failed.rows.map(describeRow)).toEqual(['job-b:failed']);
      const byOperator = await queryTargetHistory(
        database.db,
        { target: MESSAGE, operator: 'OPS@' },
        { offset: 0, limit: 10 },
      );
      expect(byOperator.rows.map(describeRow)).toEqual(['job-b:failed', 'job-a:ok']);
      const window = await queryTargetHistory(
        database.db,
        { target: MESSAGE, from: new Date('2026-11-20T10:30:00Z'), to: new Date('2026-11-20T13:30:00Z') },
        { offset: 0, limit: 10 },
      );
      expect(window.rows.map(describeRow)).toEqual(['job-b:failed', 'job-a:ok']);
      const otherKind = await queryTargetHistory(
        database.db,
        { target: MESSAGE, targetType: 'user' },
        { offset: 0, limit: 10 },
      );
      expect(otherKind).toEqual({ rows: [], total: 0 });
    });

    it('streams the whole history in batches for the export, in the same order', async () => {
      const streamed: string[] = [];
      for await (const row of streamTargetHistory(database.db, { target: MESSAGE }, 3)) streamed.push(describeRow(row));
      expect(streamed).toEqual(['single-2:ok', 'job-b:failed', 'job-a:ok', 'single-1:ok']);
    });
  });
}
