/**
 * Saved views in the console database, on PGlite and PostgreSQL: saving with the URL judged and
 * normalised, names unique per owner (private) and among shared views, who may rename, share and
 * delete, the sidebar's read of an operator's own and the shared views, and a stored URL that no
 * longer reads as a table page refused on read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionRejectedError } from '@/lib/rejected';
import {
  deleteView,
  getSavedView,
  listSavedViewsFor,
  renameView,
  saveView,
  setViewVisibility,
  type ViewActor,
} from '@/lib/views/store';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const VIEWER: ViewActor = { id: 'usr_viewer', email: 'viewer@example.com', role: 'viewer' };
const OTHER: ViewActor = { id: 'usr_other', email: 'other@example.com', role: 'support' };
const OPS: ViewActor = { id: 'usr_ops', email: 'ops@example.com', role: 'ops' };

const rejected = (code: string) => expect.objectContaining({ name: ActionRejectedError.name, code });

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`saved views on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('saves a table page with its query as given, and reads it back by id', async () => {
      const saved = await saveView(database.db, VIEWER, {
        name: 'Old processing',
        href: '/stuck?threshold=30&status=processing&sort=age.asc&cols=id,status',
        visibility: 'private',
      });
      expect(saved).toMatchObject({
        name: 'Old processing',
        tableId: 'stuck',
        href: '/stuck?threshold=30&status=processing&sort=age.asc&cols=id,status',
        visibility: 'private',
        ownerId: VIEWER.id,
        ownerEmail: VIEWER.email,
      });
      expect(await getSavedView(database.db, saved.id)).toEqual(saved);
      const entity = await saveView(database.db, VIEWER, {
        name: 'Unverified users',
        href: '/users?verified=false',
        visibility: 'private',
      });
      expect(entity.tableId).toBe('users');
    });

    it('refuses a URL that is not one of the console’s table pages', async () => {
      for (const href of [
        'https://evil.example/stuck',
        '//evil.example/stuck',
        '/\\evil.example/stuck',
        'stuck?status=processing',
        '/signin?callbackUrl=/stuck',
        '/stuck/../api/auth/signout',
        '/messages/msg_1',
        'javascript:alert(1)',
        `/stuck?q=${'x'.repeat(2_100)}`,
      ]) {
        await expect(saveView(database.db, OPS, { name: `bad ${href}`, href, visibility: 'private' })).rejects.toEqual(
          rejected('bad_href'),
        );
      }
    });

    it('keeps names unique per owner among private views and among shared views, any case', async () => {
      await saveView(database.db, OTHER, { name: 'Mine', href: '/audit', visibility: 'private' });
      await expect(
        saveView(database.db, OTHER, { name: 'MINE', href: '/audit?outcome=failed', visibility: 'private' }),
      ).rejects.toEqual(rejected('name_taken'));
      // Another owner may use the name; so may a shared view.
      await saveView(database.db, VIEWER, { name: 'Mine', href: '/audit', visibility: 'private' });
      const shared = await saveView(database.db, OPS, { name: 'Mine', href: '/jobs', visibility: 'shared' });
      await expect(saveView(database.db, OPS, { name: 'mine', href: '/jobs', visibility: 'shared' })).rejects.toEqual(
        rejected('name_taken'),
      );
      // Making a private view shared under a taken shared name is refused too.
      const ops = await saveView(database.db, OPS, { name: 'Mine', href: '/operators', visibility: 'private' });
      await expect(setViewVisibility(database.db, OPS, ops.id, 'shared')).rejects.toEqual(rejected('name_taken'));
      await renameView(database.db, OPS, shared.id, 'Team jobs');
      const { after } = await setViewVisibility(database.db, OPS, ops.id, 'shared');
      expect(after.visibility).toBe('shared');
    });

    it('lets only ops share, and only the owner (or ops, for shared views) change or delete', async () => {
      await expect(
        saveView(database.db, VIEWER, { name: 'Shared by a viewer', href: '/audit', visibility: 'shared' }),
      ).rejects.toEqual(rejected('ops_only'));
      const own = await saveView(database.db, VIEWER, { name: 'Viewer’s', href: '/audit', visibility: 'private' });
      await expect(setViewVisibility(database.db, VIEWER, own.id, 'shared')).rejects.toEqual(rejected('ops_only'));
      await expect(renameView(database.db, OTHER, own.id, 'Taken over')).rejects.toEqual(rejected('not_owner'));
      await expect(deleteView(database.db, OPS, own.id)).rejects.toEqual(rejected('not_owner'));
      const { before, after } = await renameView(database.db, VIEWER, own.id, 'Viewer’s audit');
      expect([before.name, after.name]).toEqual(['Viewer’s', 'Viewer’s audit']);

      const team = await saveView(database.db, OPS, { name: 'Team audit', href: '/audit', visibility: 'shared' });
      await expect(renameView(database.db, OTHER, team.id, 'Mine now')).rejects.toEqual(rejected('ops_only'));
      const secondOps: ViewActor = { id: 'usr_ops2', email: 'ops2@example.com', role: 'ops' };
      await renameView(database.db, secondOps, team.id, 'Team audit log');
      await deleteView(database.db, secondOps, team.id);
      expect(await getSavedView(database.db, team.id)).toBeNull();
      await deleteView(database.db, VIEWER, own.id);
      await expect(deleteView(database.db, VIEWER, own.id)).rejects.toEqual(rejected('not_found'));
    });

    it('lists an operator’s private views and every shared view, newest first, within a limit', async () => {
      const names = (views: { name: string }[]) => views.map((view) => view.name);
      const forOther = await listSavedViewsFor(database.db, OTHER);
      expect(forOther.every((view) => view.ownerId === OTHER.id || view.visibility === 'shared')).toBe(true);
      expect(names(forOther)).toEqual(expect.arrayContaining(['Mine', 'Team jobs']));
      expect(forOther.some((view) => view.ownerId === VIEWER.id)).toBe(false);
      const times = forOther.map((view) => view.updatedAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(await listSavedViewsFor(database.db, OTHER, { limit: 1 })).toHaveLength(1);
    });

    it('refuses on read a stored URL that does not lead to its table page', async () => {
      const saved = await saveView(database.db, OPS, { name: 'Tampered', href: '/stuck', visibility: 'private' });
      await database.db.query(`UPDATE saved_views SET href = '//evil.example/stuck' WHERE id = $1`, [saved.id]);
      await expect(getSavedView(database.db, saved.id)).rejects.toThrow();
      await database.db.query(`UPDATE saved_views SET href = '/audit' WHERE id = $1`, [saved.id]);
      await expect(getSavedView(database.db, saved.id)).rejects.toThrow(/does not match/);
      await database.db.query('DELETE FROM saved_views WHERE id = $1', [saved.id]);
    });
  });
}
