/**
 * The orphan reports name the users their rows point at (a channel's owner, a notification's
 * recipient) instead of bare ids: one batch read of /admin/users/info for the whole page (the
 * emulator's request log shows it), the id on hover and in the link.
 */
import { expect, test } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, serviceToken, signIn } from './support';

interface Orphan {
  id: string;
  dangling_references: string[];
  [field: string]: unknown;
}

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  return (await response.json()) as T;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
});

for (const [entity, path, field] of [
  ['channels', '/admin/orphanedChannels', 'owner_guid'],
  ['notifications', '/admin/orphanedNotifications', 'user_id'],
] as const) {
  test(`the orphaned ${entity} page names the users in ${field} from one batch read`, async ({ page }) => {
    const orphans = await service<Orphan[]>(path);
    const userIds = [
      ...new Set(
        orphans.flatMap((orphan) =>
          typeof orphan[field] === 'string' && orphan[field] !== '' && !orphan.dangling_references.includes(field)
            ? [orphan[field] as string]
            : [],
        ),
      ),
    ];
    test.skip(userIds.length === 0, `no orphaned ${entity} names an existing user in ${field}`);
    const [user] = await service<{ id: string; email: string }[]>(
      `/admin/users/info?users=${encodeURIComponent(userIds[0]!)}`,
    );
    await emulatorControl('requests', { method: 'DELETE' });
    await page.goto(`/${entity}/orphaned`);
    const link = page.locator(`tbody a[href="/users/${user!.id}"]`).first();
    await expect(link).toContainText(user!.email);
    await expect(link).toHaveAttribute('title', user!.id);
    const reads = (await emulatorRequests()).filter((entry) => entry.path === '/admin/users/info');
    expect(reads).toHaveLength(Math.ceil(userIds.length / 500));
  });
}
