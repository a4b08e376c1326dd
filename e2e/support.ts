import { expect, request, type Page } from '@playwright/test';
import { z } from 'zod';
import { openSessionJwt, sealSessionJwt } from '../lib/auth/session-cookie';
import { requestLogSchema, type RequestLogEntry } from '../emulator/request-log';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL, E2E_NEXTAUTH_SECRET } from './stack';
import { CONTROL_HEADERS } from '../emulator/control';
import { findEntity } from '../lib/entities/registry';

export const DEMO_PASSWORD = 'console-demo';

/**
 * Signs in through the console's button and the emulator's own sign-in and consent pages, on the
 * shared e2e console or on `consoleUrl` (a console a spec started itself: e2e/consoles.ts). For
 * the specs about signing in; the others take `signIn`, the same flow over HTTP.
 */
export async function signInThroughPages(
  page: Page,
  email: string,
  startPath = '/',
  consoleUrl = E2E_CONSOLE_URL,
): Promise<void> {
  await page.goto(new URL(startPath, consoleUrl).href);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByRole('button', { name: 'Sign in with the voice service' }).click();
  const backInConsole = (url: URL) =>
    url.origin === consoleUrl && !url.pathname.startsWith('/api/auth') && !url.pathname.startsWith('/signin');
  const emailField = page.getByLabel('Email');
  // The service may remember an earlier sign-in in this browser and skip its form.
  await Promise.race([
    emailField.waitFor().catch(() => undefined),
    page.waitForURL(backInConsole).catch(() => undefined),
  ]);
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

/**
 * Signs in over HTTP, through the same requests the pages would send (the console's sign-in POST
 * with its CSRF token, the emulator's sign-in and consent forms, the console's callback), hands
 * the cookies to the page's browser context and opens `startPath`, if given: most tests open a
 * page of their own next, and a page opened only to be left costs the browser and the console as
 * much as any other. Rendering the three sign-in pages in Chromium was a large share of each
 * test's time on a small machine (docs/testing.md); the pages themselves are tested with
 * `signInThroughPages` (e2e/auth.spec.ts).
 */
export async function signIn(
  page: Page,
  email: string,
  startPath?: string,
  consoleUrl = E2E_CONSOLE_URL,
): Promise<void> {
  const http = await request.newContext();
  try {
    const csrf = await http.get(new URL('/api/auth/csrf', consoleUrl).href);
    const { csrfToken } = z.object({ csrfToken: z.string() }).parse(await csrf.json());
    // The callback lands on the health route: the page itself is opened in the browser below.
    const start = await http.post(new URL('/api/auth/signin/voice', consoleUrl).href, {
      form: { csrfToken, callbackUrl: new URL('/api/health', consoleUrl).href, json: 'true' },
    });
    const { url: authorizeUrl } = z.object({ url: z.string().url() }).parse(await start.json());
    let step = await http.get(authorizeUrl);
    const interaction = () => /\/interaction\/[\w-]+$/.exec(new URL(step.url()).pathname)?.[0];
    const signInForm = interaction();
    // The service may remember an earlier sign-in in this context and skip its form.
    if (signInForm && (await step.text()).includes('name="password"')) {
      step = await http.post(new URL(`${signInForm}/login`, step.url()).href, {
        form: { email, password: DEMO_PASSWORD },
      });
      expect(await step.text(), `signing in ${email} at the service`).not.toContain('Wrong email or password');
    }
    const consentForm = interaction();
    if (consentForm) step = await http.post(new URL(`${consentForm}/confirm`, step.url()).href);
    expect(new URL(step.url()).origin, `${email} sent back to the console`).toBe(new URL(consoleUrl).origin);
    const { cookies } = await http.storageState();
    expect(
      cookies.map((cookie) => cookie.name),
      'the console session cookie',
    ).toContain('next-auth.session-token');
    await page.context().addCookies(cookies);
  } finally {
    await http.dispose();
  }
  if (startPath !== undefined) await page.goto(new URL(startPath, consoleUrl).href);
}

async function sessionCookie(page: Page) {
  const cookie = (await page.context().cookies(E2E_CONSOLE_URL)).find((c) => c.name === 'next-auth.session-token');
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** What the console's encrypted session cookie in `page`'s browser holds (the test knows the secret). */
export async function sessionPayload(page: Page): Promise<Record<string, unknown>> {
  return openSessionJwt((await sessionCookie(page)).value, E2E_NEXTAUTH_SECRET);
}

/** The service tokens inside the console's encrypted session cookie. */
export async function sessionTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const { accessToken, refreshToken } = await sessionPayload(page);
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string')
    throw new Error('session cookie without tokens');
  return { accessToken, refreshToken };
}

/**
 * Replaces the session cookie in `page`'s browser with one holding `changes` on top of what it
 * held, sealed with the stack's secret as the console seals it: for tests that need a session as
 * it would be some time from now (say, idle for most of its idle timeout) without waiting for it.
 */
export async function resealSession(page: Page, changes: Record<string, unknown>): Promise<void> {
  const cookie = await sessionCookie(page);
  const payload = await openSessionJwt(cookie.value, E2E_NEXTAUTH_SECRET);
  const lifetimeSeconds = Math.max(60, (payload.exp ?? 0) - Math.floor(Date.now() / 1000));
  const value = await sealSessionJwt({ ...payload, ...changes }, E2E_NEXTAUTH_SECRET, lifetimeSeconds);
  await page.context().addCookies([{ ...cookie, value }]);
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

/** A record's name as the console titles it (the entity registry), from the service's record. */
export async function serviceRecordName(entity: string, id: string): Promise<string> {
  const {
    rows: [record],
  } = await serviceList(entity, { range: [0, 0], filter: { id: [id] } });
  const definition = findEntity(entity);
  if (!record || !definition) throw new Error(`no ${entity} record ${id} at the service`);
  return definition.title(record);
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

export type ServiceRecord = Record<string, unknown> & { id: string };

let cachedToken: Promise<string> | undefined;
const machineToken = () => (cachedToken ??= serviceToken());

/** One page of an entity straight from the service, in the react-admin convention. */
export async function serviceList(
  entity: string,
  query: { sort?: [string, 'ASC' | 'DESC']; range?: [number, number]; filter?: Record<string, unknown> } = {},
) {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', JSON.stringify(query.sort));
  params.set('range', JSON.stringify(query.range ?? [0, 24]));
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/${entity}?${params}`, {
    headers: { authorization: `Bearer ${await machineToken()}` },
  });
  expect(response.status, `${entity} at the service`).toBe(200);
  const total = Number(response.headers.get('content-range')?.split('/').pop());
  return { rows: (await response.json()) as ServiceRecord[], total };
}
