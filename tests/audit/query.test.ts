import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestWithOutcomes,
  parseAuditFilters,
  queryAudit,
  streamAudit,
  type AuditFilters,
  type AuditRow,
} from '@/lib/audit/log';
import type { Queryable } from '@/lib/db';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

interface SeedEntry {
  label: string;
  at: string;
  email: string;
  role: 'viewer' | 'support' | 'ops';
  action: string;
  targets: string[];
  outcome: 'pending' | 'ok' | 'failed' | 'denied' | 'invalid';
}

const DAY_1 = '2026-11-20T12:';
/** In insertion (id) order. Times are explicit, so rows go in by plain INSERT (which the log allows). */
const SEED: SeedEntry[] = [
  // Three entries within one millisecond: keyset paging must keep microseconds.
  {
    label: 'us1',
    at: '2026-11-19T08:00:00.000001Z',
    email: 'ops@example.com',
    role: 'ops',
    action: 'user.merge',
    targets: ['u-9'],
    outcome: 'ok',
  },
  {
    label: 'us2',
    at: '2026-11-19T08:00:00.000002Z',
    email: 'ops@example.com',
    role: 'ops',
    action: 'user.merge',
    targets: ['u-9'],
    outcome: 'ok',
  },
  {
    label: 'us3',
    at: '2026-11-19T08:00:00.000003Z',
    email: 'ops@example.com',
    role: 'ops',
    action: 'user.merge',
    targets: ['u-9'],
    outcome: 'ok',
  },
  {
    label: 'r1',
    at: `${DAY_1}00:00Z`,
    email: 'ops@example.com',
    role: 'ops',
    action: 'message.reprocess',
    targets: ['m-1'],
    outcome: 'ok',
  },
  {
    label: 'r2',
    at: `${DAY_1}10:00Z`,
    email: 'support@example.com',
    role: 'support',
    action: 'message.reprocess',
    targets: ['m-2', 'm-3'],
    outcome: 'failed',
  },
  {
    label: 'r3',
    at: `${DAY_1}20:00Z`,
    email: 'Ops.Lead@Example.com',
    role: 'ops',
    action: 'user.set_verified',
    targets: ['u-1'],
    outcome: 'ok',
  },
  {
    label: 'r4',
    at: `${DAY_1}30:00Z`,
    email: 'viewer@example.com',
    role: 'viewer',
    action: 'user.set_verified',
    targets: ['u-1'],
    outcome: 'denied',
  },
  {
    label: 'r5',
    at: `${DAY_1}40:00Z`,
    email: 'support@example.com',
    role: 'support',
    action: 'message.create_mp3',
    targets: ['m-1'],
    outcome: 'invalid',
  },
  {
    label: 'r6',
    at: `${DAY_1}50:00Z`,
    email: 'ops@example.com',
    role: 'ops',
    action: 'domain.create',
    targets: ['example.org'],
    outcome: 'pending',
  },
  // Four entries at the same instant (one bulk transaction): ordered by id.
  ...['t7', 't8', 't9', 't10'].map(
    (label): SeedEntry => ({
      label,
      at: '2026-11-20T13:00:00Z',
      email: 'ops@example.com',
      role: 'ops',
      action: 'message.reprocess',
      targets: [`m-${label}`],
      outcome: 'ok',
    }),
  ),
  {
    label: 'r11',
    at: '2026-11-21T09:00:00Z',
    email: 'ops@example.com',
    role: 'ops',
    action: 'messages.purge',
    targets: ['m-1'],
    outcome: 'ok',
  },
];

/** Labels, newest first: by time, then by id (insertion order) for equal times. */
function expected(match: (entry: SeedEntry) => boolean): string[] {
  return SEED.map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => match(entry))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry.label);
}

const labels = (rows: AuditRow[]) => rows.map((row) => (row.params as { label: string }).label);

async function seed(db: Queryable): Promise<void> {
  for (const entry of SEED) {
    const refused = entry.outcome === 'denied' || entry.outcome === 'invalid';
    await db.query(
      `INSERT INTO audit_log (occurred_at, operator_id, operator_email, operator_role, action, target_type, target_ids, params,
         outcome, denial_reason, completed_at)
       VALUES ($1::timestamptz, $2, $3, $4, $5, 'thing', $6::text[], $7::jsonb, $8, $9, CASE WHEN $8 = 'pending' THEN NULL ELSE $1::timestamptz END)`,
      [
        entry.at,
        `id-${entry.email}`,
        entry.email,
        entry.role,
        entry.action,
        entry.targets,
        JSON.stringify({ label: entry.label }),
        entry.outcome,
        refused ? 'refused' : null,
      ],
    );
  }
}

function filtersFrom(query: string): AuditFilters {
  const parsed = parseAuditFilters(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`bad filters in the test: ${JSON.stringify(parsed.errors)}`);
  return parsed.filters;
}

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`queryAudit and streamAudit on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
      await seed(database.db);
    });
    afterAll(() => database?.dispose());

    async function query(filters: AuditFilters): Promise<string[]> {
      const { rows, total } = await queryAudit(database.db, filters, { offset: 0, limit: 100 });
      expect(total).toBe(rows.length);
      return labels(rows);
    }

    it('lists everything newest first, equal times by id', async () => {
      expect(await query({})).toEqual(expected(() => true));
      expect(await query({})).toEqual([
        'r11',
        't10',
        't9',
        't8',
        't7',
        'r6',
        'r5',
        'r4',
        'r3',
        'r2',
        'r1',
        'us3',
        'us2',
        'us1',
      ]);
    });

    it.each([
      [
        'operator: part of the email, any case',
        'operator=OPS',
        (entry: SeedEntry) => entry.email.toLowerCase().includes('ops'),
      ],
      ['operator: a longer part', 'operator=ops%40example', (entry: SeedEntry) => entry.email === 'ops@example.com'],
      [
        'operatorId: one account, exactly',
        'operatorId=id-ops%40example.com',
        (entry: SeedEntry) => entry.email === 'ops@example.com',
      ],
      ['operatorId: exact, not a part', 'operatorId=id-ops', () => false],
      ['action: exact', 'action=message.reprocess', (entry: SeedEntry) => entry.action === 'message.reprocess'],
      [
        'action: a prefix ending in a dot',
        'action=message.',
        (entry: SeedEntry) => entry.action.startsWith('message.'),
      ],
      ['action: no prefix match without the dot', 'action=message', () => false],
      ['target: one id among several', 'target=m-3', (entry: SeedEntry) => entry.targets.includes('m-3')],
      ['target: exact, not a part', 'target=m-', () => false],
      ['target: every entry naming it', 'target=m-1', (entry: SeedEntry) => entry.targets.includes('m-1')],
      ['outcome', 'outcome=denied', (entry: SeedEntry) => entry.outcome === 'denied'],
      ['outcome: pending', 'outcome=pending', (entry: SeedEntry) => entry.outcome === 'pending'],
      [
        'from inclusive, to exclusive',
        'from=2026-11-20T12:20:00Z&to=2026-11-20T12:50:00Z',
        (entry: SeedEntry) => ['r3', 'r4', 'r5'].includes(entry.label),
      ],
      ['a whole day', 'from=2026-11-20&to=2026-11-20', (entry: SeedEntry) => entry.at.startsWith('2026-11-20')],
      ['from only', 'from=2026-11-21', (entry: SeedEntry) => entry.label === 'r11'],
      ['to only', 'to=2026-11-19', (entry: SeedEntry) => entry.at.startsWith('2026-11-19')],
      [
        'several at once',
        'operator=support&action=message.&outcome=failed',
        (entry: SeedEntry) =>
          entry.email.startsWith('support') && entry.action.startsWith('message.') && entry.outcome === 'failed',
      ],
      [
        'target and time',
        'target=m-1&to=2026-11-20',
        (entry: SeedEntry) => entry.targets.includes('m-1') && entry.at < '2026-11-21',
      ],
    ])('filters by %s', async (_name, search, match) => {
      expect(await query(filtersFrom(search))).toEqual(expected(match));
    });

    it('pages with offset and limit, the total counting every match', async () => {
      const all = expected(() => true);
      const pages: string[] = [];
      for (let offset = 0; offset < all.length; offset += 4) {
        const { rows, total } = await queryAudit(database.db, {}, { offset, limit: 4 });
        expect(total).toBe(all.length);
        pages.push(...labels(rows));
      }
      expect(pages).toEqual(all);
      expect(await queryAudit(database.db, {}, { offset: 100, limit: 4 })).toEqual({ rows: [], total: all.length });
      const filtered = await queryAudit(database.db, filtersFrom('action=message.reprocess'), { offset: 2, limit: 2 });
      expect({ labels: labels(filtered.rows), total: filtered.total }).toEqual({
        labels: expected((entry) => entry.action === 'message.reprocess').slice(2, 4),
        total: 6,
      });
    });

    it('lists the newest entries with any of several outcomes, at most the limit', async () => {
      const refusedOrFailed = expected((entry) => ['failed', 'denied', 'invalid'].includes(entry.outcome));
      expect(labels(await latestWithOutcomes(database.db, ['failed', 'denied', 'invalid'], 6))).toEqual(
        refusedOrFailed,
      );
      expect(labels(await latestWithOutcomes(database.db, ['failed', 'denied', 'invalid'], 2))).toEqual(
        refusedOrFailed.slice(0, 2),
      );
      expect(labels(await latestWithOutcomes(database.db, ['ok'], 3))).toEqual(
        expected((entry) => entry.outcome === 'ok').slice(0, 3),
      );
    });

    it('refuses a page that is not one', async () => {
      await expect(queryAudit(database.db, {}, { offset: 0, limit: 0 })).rejects.toThrow('Invalid audit page');
      await expect(queryAudit(database.db, {}, { offset: -1, limit: 10 })).rejects.toThrow('Invalid audit page');
      await expect(queryAudit(database.db, {}, { offset: 0, limit: 501 })).rejects.toThrow('Invalid audit page');
    });

    it('streams every match in the same order, batch by batch, across equal times and within one millisecond', async () => {
      for (const batchSize of [1, 2, 3, 500]) {
        const streamed: AuditRow[] = [];
        for await (const row of streamAudit(database.db, {}, batchSize)) streamed.push(row);
        expect(labels(streamed)).toEqual(expected(() => true));
      }
      const filtered: AuditRow[] = [];
      for await (const row of streamAudit(database.db, filtersFrom('action=message.&to=2026-11-20'), 2))
        filtered.push(row);
      expect(labels(filtered)).toEqual(
        expected((entry) => entry.action.startsWith('message.') && entry.at < '2026-11-21'),
      );
    });

    it('returns complete rows', async () => {
      const { rows } = await queryAudit(database.db, filtersFrom('outcome=denied'), { offset: 0, limit: 1 });
      expect(rows[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        occurredAt: new Date('2026-11-20T12:30:00Z'),
        operatorId: 'id-viewer@example.com',
        operatorEmail: 'viewer@example.com',
        operatorRole: 'viewer',
        action: 'user.set_verified',
        targetType: 'thing',
        targetIds: ['u-1'],
        params: { label: 'r4' },
        outcome: 'denied',
        denialReason: 'refused',
        upstreamStatus: null,
        upstreamRequestId: null,
        errorMessage: null,
        summary: null,
        durationMs: null,
        completedAt: new Date('2026-11-20T12:30:00Z'),
        jobId: null,
        refusalCount: null,
      });
    });
  });
}
