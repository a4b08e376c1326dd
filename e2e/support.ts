import { expect, type Page } from '@playwright/test';
import { openSessionJwt } from '../lib/auth/session-token';
import { requestLogSchema, type RequestLogEntry } from '../emulator/request-log';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL, E2E_NEXTAUTH_SECRET } from './stack';
import { CONTROL_HEADERS } from '../emulator/control';

export const DEMO_PASSWORD = 'console-demo';

/**
 * Signs in through the console's button and the emulator's own sign-in and consent pages, on the
 * shared e2e console or on `consoleUrl` (a console a spec started itself: e2e/consoles.ts).
 */
export async function signIn(page: Page, email: string, startPath = '/', consoleUrl = E2E_CONSOLE_URL): Promise<void> {
  await page.goto(new URL(startPath, consoleUrl).href);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByRole('button', { name: 'Sign in with the voice service' }).click();
  const backInConsole = (url: URL) => url.origin === consoleUrl && !url.pathname.startsWith('/api/auth') && !url.pathname.startsWith('/signin');
  const emailField = page.getByLabel('Email');
  // The service may remember an earlier sign-in in this browser and skip its form.
  await Promise.race([emailField.waitFor().catch(() => undefined), page.waitForURL(backInConsole).catch(() => undefined)]);
  if (await emailField.isVisible()) {
    await emailField.fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const allow = page.getByRole('button', { name: 'Allow' });
    await Promise.race([allow.waitFor().catch(() => undefined), page.waitForURL(backInConsole).catch(() => undefined)]);
    if (await allow.isVisible()) await allow.click();
  }
  await page.waitForURL(backInConsole);
}

/** The service tokens inside the console's encrypted session cookie (the test knows the secret). */
export async function sessionTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const cookie = (await page.context().cookies(E2E_CONSOLE_URL)).find((c) => c.name === 'next-auth.session-token');
  if (!cookie) throw new Error('no session cookie');
  const payload = await openSessionJwt(cookie.value, E2E_NEXTAUTH_SECRET);
  const { accessToken, refreshToken } = payload;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') throw new Error('session cookie without tokens');
  return { accessToken, refreshToken };
}

/** Talks to the emulator's control endpoints (loopback, test-only). */
export async function emulatorControl(path: string, init?: { method?: string; body?: unknown }): Promise<unknown> {
  const response = await fetch(`${E2E_EMULATOR_URL}/__control/${path}`, {
    method: init?.method ?? (init?.body === undefined ? 'GET' : 'POST'),
    headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`emulator control ${path}: ${response.status}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The requests the emulator served since its log was last cleared, oldest first. */
export async function emulatorRequests(): Promise<RequestLogEntry[]> {
  return requestLogSchema.parse(await emulatorControl('requests'));
}

/**
 * The console's machine client (VOICE_JOBS_CLIENT_ID in .env.example): bulk jobs, background dry
 * runs and the stuck sampler call the service with it, and so do the tests' own service reads.
 */
const MACHINE_CLIENT_ID = 'voice-ops-bench';

/**
 * The requests made with an operator's token: what pages and actions sent. The stuck sampler reads
 * message counts with the machine credential at any moment, so specs that count a page's reads
 * use this.
 */
export async function operatorRequests(): Promise<RequestLogEntry[]> {
  return (await emulatorRequests()).filter((entry) => entry.subject !== MACHINE_CLIENT_ID);
}

/** An admin token of the emulator's machine client, for reading the service's own answers. */
export async function serviceToken(): Promise<string> {
  const response = await fetch(`${E2E_EMULATOR_URL}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${MACHINE_CLIENT_ID}:voice-ops-bench-secret`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'admin' }),
  });
  if (!response.ok) throw new Error(`machine token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
