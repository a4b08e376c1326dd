/**
 * countSavedView against the emulator and the test database: each table kind counts what its page
 * shows in all for the view's filters (the stuck queue's and entity lists' totals as the pages read
 * them, the audit log's, bulk jobs' and operators' from the database); a failed read and a URL
 * whose filter no longer reads throw instead of counting zero.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordIntent } from '@/lib/audit/log';
import { recordSignIn } from '@/lib/operators/store';
import { declaredEntityView } from '@/lib/entities/registry';
import { parseListParams, toListQuery } from '@/lib/entities/list-params';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { readStuckSample } from '@/lib/triage/count';
import { lackingArtifact } from '@/lib/triage/stuck-rules';
import { stuckFilter } from '@/lib/triage/stuck';
import { UpstreamClient } from '@/lib/upstream/client';
import { listRecords } from '@/lib/upstream/ra';
import { z } from 'zod';

const anyRow = z.unknown();
import { countSavedView, SavedViewUrlError } from '@/lib/views/count';
import { checkViewHref } from '@/lib/views/tables';
import type { SavedView } from '@/lib/views/types';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';
import { benchToken, startTestEmulator } from '../support/emulator';

const NOW = Date.now();

function upstreamOf(baseUrl: string, accessToken: string): JobsUpstream {
  return {
    client: async () =>
      new UpstreamClient({ baseUrl, accessToken, log: () => undefined, readRetries: 0, timeoutMs: 2_000 }),
    refresh: () => undefined,
  };
}

/** A view as the store would read it, for a URL the store accepts. */
function viewOf(href: string): SavedView {
  const checked = checkViewHref(href);
  if (!checked.ok) throw new Error(checked.message);
  return {
    id: randomUUID(),
    name: `view of ${href}`,
    tableId: checked.table.id,
    href: checked.href,
    visibility: 'private',
    ownerId: 'usr_test',
    ownerEmail: 'test@example.com',
    createdAt: new Date(NOW),
    updatedAt: new Date(NOW),
  };
}

let emulator: RunningEmulator;
let upstream: JobsUpstream;
let database: TestDatabase;

beforeAll(async () => {
  // The operators list resolves roles with the console's settings, which need a secret to read.
  process.env.NEXTAUTH_SECRET ??= 'a-test-secret-of-enough-length';
  emulator = await startTestEmulator();
  upstream = upstreamOf(emulator.url, (await benchToken(emulator)).access_token);
  database = await openTestDatabase(pgliteTestDriver);
});

afterAll(async () => {
  await emulator?.stop();
  await database?.dispose();
});

const count = (href: string) => countSavedView({ db: database.db, upstream, now: NOW }, viewOf(href));

describe('countSavedView', () => {
  it('counts the stuck queue as its page does: the service’s total, or the missing group of its sample', async () => {
    const client = await upstream.client();
    const query = { threshold: 1, statuses: ['processing', 'inprogress'] as ('processing' | 'inprogress')[] };
    const listed = await listRecords(
      client,
      'messages',
      { range: { start: 0, end: 0 }, filter: stuckFilter(query, NOW) },
      anyRow,
    );
    expect(listed.total).toBeGreaterThan(0);
    expect(await count('/stuck?threshold=1&status=processing&status=inprogress&sort=age.asc&cols=id')).toBe(
      listed.total,
    );
    const sample = await readStuckSample(client, { ...query, missing: 'transcript' }, NOW);
    expect(await count('/stuck?threshold=1&status=processing&status=inprogress&missing=transcript')).toBe(
      lackingArtifact(sample.rows, 'transcript').length,
    );
  });

  it('counts an entity list with its filters and search as the list reads them', async () => {
    const client = await upstream.client();
    for (const [entity, query] of [
      ['users', 'verified=false&sort=email.asc'],
      ['messages', 'status=processing&page=3'],
      ['channels', 'type=directMessage&cols=id,type'],
    ] as const) {
      const view = declaredEntityView(entity);
      const { state } = parseListParams(view, Object.fromEntries(new URLSearchParams(query)));
      const listed = await listRecords(client, entity, toListQuery(view, state), anyRow);
      expect(await count(`/${entity}?${query}`), entity).toBe(listed.total);
    }
    const all = await listRecords(client, 'users', { range: { start: 0, end: 0 } }, anyRow);
    const unverified = await count('/users?verified=false');
    expect(unverified).toBeGreaterThan(0);
    expect(unverified).toBeLessThan(all.total);
  });

  it('counts the audit log, bulk jobs and operators from the database', async () => {
    const entry = (action: string) => ({
      operatorId: 'usr_ops',
      operatorEmail: 'ops@example.com',
      operatorRole: 'ops' as const,
      action,
      targetType: 'message',
      targetIds: ['msg_1'],
      params: {},
    });
    await recordIntent(database.db, entry('message.reprocess'));
    await recordIntent(database.db, entry('message.reprocess'));
    await recordIntent(database.db, entry('user.set_verified'));
    expect(await count('/audit?action=message.reprocess')).toBe(2);
    expect(await count('/audit?action=message.&sort=time.asc')).toBe(2);
    expect(await count('/audit')).toBe(3);

    expect(await count('/jobs')).toBe(0);
    await database.db.query(
      `INSERT INTO bulk_jobs (id, action, selection, status, created_by_id, created_by_email, created_by_role, total)
       VALUES ($1, 'message.reprocess', '{"kind":"ids","ids":["m1"]}', 'completed', 'usr_ops', 'ops@example.com', 'ops', 1)`,
      [randomUUID()],
    );
    expect(await count('/jobs?paused=1')).toBe(1);

    for (const [accountId, email] of [
      ['usr_a', 'ann@example.com'],
      ['usr_b', 'bob@example.com'],
    ] as const)
      await recordSignIn(
        database.db,
        { accountId, email, name: email, signedInAt: NOW, expiresAt: NOW + 3_600_000 },
        new Map([['ann@example.com', 'ops']]),
      );
    expect(await count('/operators')).toBe(2);
    expect(await count('/operators?role=ops')).toBe(1);
    expect(await count('/operators?q=bob')).toBe(1);
  });

  it('throws on a failed read instead of counting zero', async () => {
    const broken: JobsUpstream = {
      client: async () =>
        new UpstreamClient({
          baseUrl: emulator.url,
          accessToken: 'not-a-token',
          log: () => undefined,
          readRetries: 0,
          timeoutMs: 2_000,
        }),
      refresh: () => undefined,
    };
    const view = viewOf('/stuck?threshold=1');
    await expect(countSavedView({ db: database.db, upstream: broken, now: NOW }, view)).rejects.toThrow();
    await expect(countSavedView({ db: database.db, upstream: broken, now: NOW }, viewOf('/users'))).rejects.toThrow();
  });

  it('throws on a stored URL whose filter does not read, or that is not its table’s page', async () => {
    await expect(count('/stuck?threshold=abc')).rejects.toBeInstanceOf(SavedViewUrlError);
    await expect(count('/users?verified=maybe')).rejects.toBeInstanceOf(SavedViewUrlError);
    await expect(count('/audit?outcome=lost')).rejects.toBeInstanceOf(SavedViewUrlError);
    await expect(count('/operators?role=king')).rejects.toBeInstanceOf(SavedViewUrlError);
    const moved = { ...viewOf('/stuck'), href: '//evil.example/stuck' };
    await expect(countSavedView({ db: database.db, upstream, now: NOW }, moved)).rejects.toBeInstanceOf(
      SavedViewUrlError,
    );
    const mismatched = { ...viewOf('/stuck'), tableId: 'audit' };
    await expect(countSavedView({ db: database.db, upstream, now: NOW }, mismatched)).rejects.toBeInstanceOf(
      SavedViewUrlError,
    );
  });
});
