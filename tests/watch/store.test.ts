/**
 * Watch rules in the database, on PGlite and PostgreSQL: one evaluation per rule and slot with two
 * evaluators (two consoles) on one PostgreSQL, one `rule.state` event per transition to firing or
 * resolved (none while silenced), one incident per firing episode with a note when it resolves,
 * and the dashboard's default rule made once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { listIncidentEvents } from '@/lib/incidents/store';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { listNotificationEventsSince } from '@/lib/notifications/events';
import { UpstreamClient } from '@/lib/upstream/client';
import {
  applyReading,
  claimEvaluation,
  listRuleIncidents,
  noteEpisodeResolved,
  openEpisodeIncident,
  ruleOfIncident,
} from '@/lib/watch/episodes';
import { startWatchEvaluator, watchSlotOf, type WatchEvaluator } from '@/lib/watch/evaluator';
import type { WatchReading } from '@/lib/watch/machine';
import { seedDefaultRule } from '@/lib/watch/process';
import { addSilence } from '@/lib/watch/silences';
import { createRule, getRule, listEvaluations, listTransitions } from '@/lib/watch/store';
import type { WatchRuleInput } from '@/lib/watch/types';
import { deleteView, saveView } from '@/lib/views/store';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, postgresTestDriver, testDrivers, type TestDatabase } from '../db/drivers';
import { benchToken, startTestEmulator } from '../support/emulator';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 10, 0, 20);
const owner = { id: 'usr_support', email: 'support@example.com' };

const SCOPE = { workspaces: [], channels: [], statuses: ['processing' as const], threshold: 15 };
const ruleInput = (overrides: Partial<WatchRuleInput> = {}): WatchRuleInput => ({
  name: 'Processing backlog',
  target: { kind: 'stuck', scope: SCOPE },
  condition: { kind: 'above', count: 5, forMinutes: 1 },
  recoveryMargin: 1,
  incidentSeverity: 'sev2',
  enabled: true,
  ...overrides,
});

/** Claims and applies one reading the way the evaluator does, with the incident follow-ups. */
async function evaluate(db: ConsoleDb, ruleId: string, minute: number, reading: WatchReading) {
  const slot = watchSlotOf(T0 + minute * MINUTE, 60);
  expect(await claimEvaluation(db, ruleId, slot, 'console-test')).toBe(true);
  const applied = await applyReading(db, ruleId, slot, reading, new Date(T0 + minute * MINUTE));
  const count = reading.kind === 'count' ? reading.count : 0;
  if (applied.openIncidentId) await openEpisodeIncident(db, applied.rule, applied.openIncidentId, count, SCOPE);
  if (applied.resolvedIncidentId) await noteEpisodeResolved(db, applied.rule, applied.resolvedIncidentId, count);
  return applied;
}
const reading = (count: number): WatchReading => ({ kind: 'count', count, baseline: null });

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`watch rules on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('records one event per transition to firing and resolved, opens one incident per episode and notes its end', async () => {
      const { db } = database;
      const rule = await createRule(db, owner, ruleInput());
      const since = new Date(0);
      const states = [];
      for (const [minute, count] of [6, 7, 8, 5, 4, 3].entries())
        states.push((await evaluate(db, rule.id, minute, reading(count))).to);
      expect(states).toEqual(['pending', 'firing', 'firing', 'firing', 'resolved', 'ok']);
      const events = (await listNotificationEventsSince(db, since, 100)).filter(
        (row) => row.event.kind === 'rule.state' && row.event.ruleId === rule.id,
      );
      expect(
        events.map((row) => row.event.kind === 'rule.state' && [row.event.from, row.event.to, row.event.count]),
      ).toEqual([
        ['pending', 'firing', 7],
        ['firing', 'resolved', 4],
      ]);
      const [link, ...more] = await listRuleIncidents(db, rule.id);
      expect(more).toEqual([]);
      expect(link).toMatchObject({ status: 'open', episodeSlot: watchSlotOf(T0 + MINUTE, 60) });
      expect(await ruleOfIncident(db, link!.incidentId)).toEqual({ id: rule.id, name: rule.name });
      // A second console retrying the same episode's incident opens nothing more.
      await openEpisodeIncident(db, (await getRule(db, rule.id))!, link!.incidentId, 7, SCOPE).catch(() => undefined);
      expect(await listRuleIncidents(db, rule.id)).toHaveLength(1);
      const notes = (await listIncidentEvents(db, link!.incidentId)).filter((event) => event.kind === 'note');
      expect(notes.map((note) => note.kind === 'note' && note.body)).toEqual([
        expect.stringMatching(/Processing backlog” resolved: the count is 4/),
      ]);
      expect((await listTransitions(db, rule.id)).map((change) => `${change.from}->${change.to}`)).toEqual([
        'resolved->ok',
        'firing->resolved',
        'pending->firing',
        'ok->pending',
      ]);
    });

    it('records a failed read as an unknown evaluation that moves nothing', async () => {
      const { db } = database;
      const rule = await createRule(db, owner, ruleInput({ name: 'Unknown', incidentSeverity: null }));
      await evaluate(db, rule.id, 0, reading(9));
      await evaluate(db, rule.id, 1, { kind: 'unknown', error: 'upstream 503: unavailable' });
      const evaluations = await listEvaluations(db, rule.id, new Date(0));
      expect(evaluations.map((row) => [row.count, row.error, row.stateAfter])).toEqual([
        [9, null, 'pending'],
        [null, 'upstream 503: unavailable', 'pending'],
      ]);
      expect((await getRule(db, rule.id))?.state).toBe('pending');
    });

    it('moves the state but records no event while silenced, and says so on the change', async () => {
      const { db } = database;
      const rule = await createRule(db, owner, ruleInput({ name: 'Silenced', incidentSeverity: null }));
      await addSilence(db, {
        ruleId: rule.id,
        until: new Date(Date.now() + 3_600_000),
        reason: 'maintenance',
        authorEmail: owner.email,
      });
      await db.query(`UPDATE watch_rule_silences SET starts_at = $2 WHERE rule_id = $1`, [rule.id, new Date(0)]);
      for (const [minute, count] of [6, 6].entries()) await evaluate(db, rule.id, minute, reading(count));
      expect((await getRule(db, rule.id))?.state).toBe('firing');
      const events = (await listNotificationEventsSince(db, new Date(0), 200)).filter(
        (row) => row.event.kind === 'rule.state' && row.event.ruleId === rule.id,
      );
      expect(events).toEqual([]);
      expect((await listTransitions(db, rule.id))[0]).toMatchObject({ to: 'firing', silenced: true });
    });

    it("counts a saved view's rows, and is unknown once the view is deleted", async () => {
      const { db } = database;
      const actor = { id: owner.id, email: owner.email, role: 'support' as const };
      const view = await saveView(db, actor, { name: 'Every job', href: '/jobs', visibility: 'private' });
      const rule = await createRule(
        db,
        owner,
        ruleInput({ name: 'Jobs', target: { kind: 'view', viewId: view.id }, incidentSeverity: null }),
      );
      // A view of the console's own table: no service read, so an upstream that fails proves it.
      const upstream: JobsUpstream = {
        client: () => Promise.reject(new Error('no service')),
        refresh: () => undefined,
      };
      const clock = { now: T0 + 100 * MINUTE };
      const evaluator = startWatchEvaluator({
        db,
        upstream,
        intervalSeconds: 60,
        retentionDays: 30,
        defaultThreshold: 15,
        tickMs: 3_600_000,
        now: () => clock.now,
      });
      await evaluator.stop();
      await db.query(`DELETE FROM watch_rule_evaluations WHERE rule_id = $1`, [rule.id]);
      const [jobs] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_jobs`);
      expect(await evaluator.evaluateOnce()).toContain(rule.id);
      await deleteView(db, actor, view.id);
      clock.now += MINUTE;
      expect(await evaluator.evaluateOnce()).toContain(rule.id);
      const evaluations = await listEvaluations(db, rule.id, new Date(0));
      expect(evaluations.map((row) => [row.count, row.error])).toEqual([
        [jobs!.n, null],
        [null, 'the saved view it watches was deleted'],
      ]);
    });

    it('makes the dashboard rule once, and never after a rule was made', async () => {
      const { db } = database;
      // Rules exist in this database already: no default rule.
      expect(await seedDefaultRule(db, { DASHBOARD_STUCK_ALERT_COUNT: '4' })).toBeNull();
    });
  });
}

const postgres = postgresTestDriver();

describe.skipIf(postgres.skipReason !== null)(`two consoles on one ${postgres.title}`, () => {
  let emulator: RunningEmulator;
  let first: ConsoleDb;
  let second: ConsoleDb;
  let remove: () => Promise<void>;
  const evaluators: WatchEvaluator[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const location = await postgres.migratedLocation();
    remove = location.remove;
    first = await openConsoleDb(location.options);
    second = await openConsoleDb(location.options);
  });
  afterAll(async () => {
    await Promise.all(evaluators.map((each) => each.stop()));
    await first?.close();
    await second?.close();
    await remove?.();
    await emulator?.stop();
  });

  it('make one dashboard rule when they start together', async () => {
    const made = await Promise.all([
      seedDefaultRule(first, { DASHBOARD_STUCK_ALERT_COUNT: '4' }),
      seedDefaultRule(second, { DASHBOARD_STUCK_ALERT_COUNT: '4' }),
    ]);
    expect(made.filter((rule) => rule !== null)).toHaveLength(1);
    const [rows] = await first.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM watch_rules WHERE dashboard_default`,
    );
    expect(rows?.n).toBe(1);
    expect(made.find((rule) => rule !== null)?.condition).toEqual({ kind: 'above', count: 3, forMinutes: 0 });
  });

  it('evaluate each rule once per slot between them', async () => {
    const token = (await benchToken(emulator)).access_token;
    const upstream: JobsUpstream = {
      client: async () =>
        new UpstreamClient({
          baseUrl: emulator.url,
          accessToken: token,
          log: () => undefined,
          readRetries: 0,
          timeoutMs: 5_000,
        }),
      refresh: () => undefined,
    };
    const rules = await Promise.all([
      createRule(first, owner, ruleInput({ name: 'A', incidentSeverity: null })),
      createRule(first, owner, ruleInput({ name: 'B', incidentSeverity: null, condition: { kind: 'any' } })),
    ]);
    const clock = { now: T0 };
    for (const instanceId of ['console-1', 'console-2'])
      evaluators.push(
        startWatchEvaluator({
          db: instanceId === 'console-1' ? first : second,
          upstream,
          intervalSeconds: 60,
          retentionDays: 30,
          defaultThreshold: 15,
          instanceId,
          tickMs: 3_600_000,
          now: () => clock.now,
        }),
      );
    // Let each one's first tick at start finish, then clear it away.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await first.query(`DELETE FROM watch_rule_evaluations`);
    for (let minute = 0; minute < 3; minute++) {
      clock.now = T0 + minute * MINUTE;
      const [a, b] = await Promise.all(evaluators.map((each) => each.evaluateOnce()));
      const mine = rules.map((rule) => rule.id);
      const taken = [...a!, ...b!].filter((id) => mine.includes(id));
      expect(taken.sort()).toEqual([...mine].sort());
    }
    const rows = await first.query<{ rule_id: string; n: number; counted: number }>(
      `SELECT rule_id, count(*)::int AS n, count(count)::int AS counted FROM watch_rule_evaluations WHERE rule_id = ANY($1) GROUP BY rule_id`,
      [rules.map((rule) => rule.id)],
    );
    expect(rows.map((row) => [row.n, row.counted])).toEqual([
      [3, 3],
      [3, 3],
    ]);
  });
});
