/**
 * The saved views' actions through the one guard, on PGlite and PostgreSQL: a viewer saves,
 * renames and deletes a private view, each audited with its outcome; saving or sharing a shared
 * view needs ops (refused and audited as denied before anything is stored); changing another
 * operator's view is the console's refusal, audited as failed; a URL off the console is invalid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import {
  deleteViewAction,
  renameViewAction,
  saveSharedViewAction,
  saveViewAction,
  shareViewAction,
  unshareViewAction,
} from '@/lib/actions/views';
import { queryAudit } from '@/lib/audit/log';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { UpstreamClient } from '@/lib/upstream/client';
import { listSavedViewsFor } from '@/lib/views/store';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const ROLES = parseRoleMapping('ops@example.com=ops,support@example.com=support,viewer@example.com=viewer');
const session = (email: string): SessionToken => ({
  sub: `usr_${email}`,
  email,
  scopes: ['admin'],
  accessToken: 'token',
  signedInAt: Date.now(),
});
const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });

describe.each(testDrivers())('saved view actions through the guard on $title', (driver) => {
  if (driver.skipReason !== null) {
    it.skip(`skipped: ${driver.skipReason}`, () => {});
    return;
  }
  let database: TestDatabase;
  const as = (email: string): ActionEnvironment => ({
    session: session(email),
    roles: ROLES,
    db: database.db,
    upstreamFor: () => NO_SERVICE,
  });
  const audit = async (action: string) =>
    (await queryAudit(database.db, { action }, { offset: 0, limit: 50 })).rows.map((row) => ({
      outcome: row.outcome,
      operator: row.operatorEmail,
      summary: row.summary,
      denialReason: row.denialReason,
      targetIds: row.targetIds,
    }));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('lets a viewer save, rename and delete a private view, each audited', async () => {
    const saved = await executeAction(
      saveViewAction,
      { name: '  Stuck long  ', href: '/stuck?threshold=60' },
      as('viewer@example.com'),
    );
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.data).toMatchObject({ name: 'Stuck long', visibility: 'private', ownerEmail: 'viewer@example.com' });
    expect(await audit('view.save')).toEqual([
      {
        outcome: 'ok',
        operator: 'viewer@example.com',
        summary: 'saved private view “Stuck long” of /stuck?threshold=60',
        denialReason: null,
        targetIds: [saved.data.id],
      },
    ]);
    const renamed = await executeAction(
      renameViewAction,
      { viewId: saved.data.id, name: 'Stuck an hour' },
      as('viewer@example.com'),
    );
    expect(renamed.ok).toBe(true);
    expect((await audit('view.rename'))[0]?.summary).toBe('renamed “Stuck long” to “Stuck an hour”');
    const deleted = await executeAction(deleteViewAction, { viewId: saved.data.id }, as('viewer@example.com'));
    expect(deleted.ok).toBe(true);
    expect((await audit('view.delete'))[0]?.summary).toBe('deleted private view “Stuck an hour”');
    expect(await listSavedViewsFor(database.db, { id: 'usr_viewer@example.com' })).toEqual([]);
  });

  it('refuses sharing to anyone below ops, audited as denied, storing nothing', async () => {
    const refused = await executeAction(
      saveSharedViewAction,
      { name: 'Team view', href: '/audit?outcome=failed' },
      as('viewer@example.com'),
    );
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await audit('view.save_shared')).toEqual([
      expect.objectContaining({ outcome: 'denied', denialReason: 'requires ops, operator is viewer' }),
    ]);
    const own = await executeAction(saveViewAction, { name: 'Mine', href: '/audit' }, as('support@example.com'));
    if (!own.ok) throw new Error('support could not save a private view');
    const share = await executeAction(shareViewAction, { viewId: own.data.id }, as('support@example.com'));
    expect(share).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await listSavedViewsFor(database.db, { id: 'usr_viewer@example.com' })).map((view) => view.name)).toEqual(
      [],
    );

    const team = await executeAction(
      saveSharedViewAction,
      { name: 'Team view', href: '/audit?outcome=failed' },
      as('ops@example.com'),
    );
    expect(team).toMatchObject({ ok: true, data: { visibility: 'shared' } });
    expect((await listSavedViewsFor(database.db, { id: 'usr_viewer@example.com' })).map((view) => view.name)).toEqual([
      'Team view',
    ]);
    if (!team.ok) return;
    // Support may not change the team's view: the console refuses, and the refusal is on record.
    const rename = await executeAction(
      renameViewAction,
      { viewId: team.data.id, name: 'Hijacked' },
      as('support@example.com'),
    );
    expect(rename).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'ops_only' } });
    expect((await audit('view.rename'))[0]).toMatchObject({ outcome: 'failed', operator: 'support@example.com' });
    const unshare = await executeAction(unshareViewAction, { viewId: team.data.id }, as('ops@example.com'));
    expect(unshare.ok).toBe(true);
    expect(await listSavedViewsFor(database.db, { id: 'usr_viewer@example.com' })).toEqual([]);
  });

  it('refuses a URL off the console or a bad name as invalid, audited', async () => {
    for (const input of [
      { name: 'Elsewhere', href: 'https://evil.example/stuck' },
      { name: 'Elsewhere', href: '//evil.example/stuck' },
      { name: '', href: '/stuck' },
      { name: 'x'.repeat(81), href: '/stuck' },
      { name: 'Bell\u0007', href: '/stuck' },
    ]) {
      const result = await executeAction(saveViewAction, input, as('viewer@example.com'));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    }
    expect((await audit('view.save')).filter((row) => row.outcome === 'invalid')).toHaveLength(5);
  });
});
