/**
 * The console pages the bench measures, with real record ids: the first message and the first
 * user of the emulator's lists (read with the bench's token), so detail pages are real pages.
 */
import { NAV_ITEMS } from '../components/shell/nav-items';

export interface BenchPage {
  /** Short key, e.g. `message-detail`. */
  key: string;
  path: string;
}

async function firstId(emulatorUrl: string, accessToken: string, entity: string): Promise<string> {
  const response = await fetch(`${emulatorUrl}/admin/ra/${entity}?range=${encodeURIComponent('[0,0]')}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`the emulator's ${entity} list answered ${response.status}`);
  const records = (await response.json()) as { id?: unknown }[];
  const id = records[0]?.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`the emulator has no ${entity}`);
  return encodeURIComponent(String(id));
}

/** The four pages of the server-time budget: messages list, a message, a user, the dashboard. */
export async function serverTimePages(emulatorUrl: string, accessToken: string): Promise<BenchPage[]> {
  return [
    { key: 'messages-list', path: '/messages' },
    { key: 'message-detail', path: `/messages/${await firstId(emulatorUrl, accessToken, 'messages')}` },
    { key: 'user-detail', path: `/users/${await firstId(emulatorUrl, accessToken, 'users')}` },
    { key: 'dashboard', path: '/' },
  ];
}

/** Every built area of the sidebar, plus a message's and a user's detail page. */
export async function everyRoute(emulatorUrl: string, accessToken: string): Promise<BenchPage[]> {
  const areas = NAV_ITEMS.filter((item) => item.built).map((item) => ({ key: item.href, path: item.href }));
  const details = (await serverTimePages(emulatorUrl, accessToken)).filter((page) => page.key.endsWith('-detail'));
  return [...areas, ...details.map((page) => ({ key: page.path.replace(/\/[^/]+$/, '/[id]'), path: page.path }))];
}
