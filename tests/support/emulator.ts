/**
 * Test helpers for the emulator: start one in-process, and sign in over plain HTTP the way a
 * browser would (authorize, sign-in form, consent, code exchange with PKCE), without a browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { CONSOLE_SCOPES, tokenResponseSchema, type TokenResponse } from '../../lib/upstream/contract';
import { BENCH_CLIENT_ID, type EmulatorConfig } from '../../emulator/config';
import { DEMO_PASSWORD } from '../../emulator/seed/demo-accounts';
import { startEmulator, type RunningEmulator } from '../../emulator/server';

/** Shared by all test files, so the small preset is generated once per checkout. */
export const TEST_EMULATOR_DATA_DIR = fileURLToPath(new URL('../../.data/test-emulator', import.meta.url));

/** An emulator with the small preset on a free port; stop it in `afterAll`. */
export function startTestEmulator(overrides: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  return startEmulator({ preset: 'small', port: 0, dataDir: TEST_EMULATOR_DATA_DIR, ...overrides });
}

/** Where and as which client to sign in. */
export interface OAuthClientTarget {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export function consoleClientOf(emulator: RunningEmulator): OAuthClientTarget {
  const redirectUri = emulator.config.consoleRedirectUris[0];
  if (!redirectUri) throw new Error('the emulator has no console redirect URI');
  return {
    baseUrl: emulator.url,
    clientId: emulator.config.consoleClientId,
    clientSecret: emulator.config.consoleClientSecret,
    redirectUri,
  };
}

/** A cookie jar honouring cookie paths and deletions; enough for oidc-provider's cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let cookiePath = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') cookiePath = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name};${cookiePath}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path: cookiePath });
    }
  }

  headerFor(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

/** Where following the emulator's redirects ended: an HTML page, or the client's redirect URI. */
export type NavigationResult =
  | { kind: 'page'; url: URL; status: number; html: string }
  | { kind: 'callback'; url: URL };

/** A browser stand-in: a cookie jar and manual redirects, stopping at the client's redirect URI. */
export class BrowserlessAgent {
  readonly cookies = new CookieJar();

  constructor(private readonly redirectUri: string) {}

  navigate(url: string | URL): Promise<NavigationResult> {
    return this.request(new URL(url), { method: 'GET' });
  }

  submitForm(url: string | URL, fields: Record<string, string>): Promise<NavigationResult> {
    return this.request(new URL(url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  private async request(url: URL, init: RequestInit): Promise<NavigationResult> {
    let current = url;
    let currentInit = init;
    for (let hop = 0; hop < 20; hop++) {
      if (current.href.split('?')[0] === this.redirectUri) return { kind: 'callback', url: current };
      const headers = new Headers(currentInit.headers);
      const cookie = this.cookies.headerFor(current);
      if (cookie) headers.set('Cookie', cookie);
      const response = await fetch(current, { ...currentInit, headers, redirect: 'manual' });
      this.cookies.store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        current = new URL(location, current);
        currentInit = { method: 'GET' };
        continue;
      }
      return { kind: 'page', url: current, status: response.status, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url.href}`);
  }
}

/** The `action` of the page's form whose action ends with `suffix` (e.g. "/login"). */
export function formAction(page: { url: URL; html: string }, suffix: string): URL {
  for (const match of page.html.matchAll(/<form\b[^>]*\baction="([^"]+)"/g)) {
    const action = (match[1] ?? '').replaceAll('&amp;', '&');
    if (action.endsWith(suffix)) return new URL(action, page.url);
  }
  throw new Error(`no form ending in ${suffix} on ${page.url.href} (status page: ${page.html.slice(0, 300)})`);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizationOptions {
  scopes?: readonly string[];
  /** Overrides the target's redirect URI in the authorization request. */
  redirectUri?: string;
}

export interface AuthorizationStart {
  /** The agent holding this sign-in's cookies: submit the next forms with it. */
  agent: BrowserlessAgent;
  /** Normally the sign-in page; an error page when the request is refused. */
  result: NavigationResult;
  codeVerifier: string;
  state: string;
  authorizeUrl: URL;
}

/** The first step: the authorization request, answered by the sign-in page. */
export async function beginAuthorization(
  target: OAuthClientTarget,
  options: AuthorizationOptions = {},
): Promise<AuthorizationStart> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const authorizeUrl = new URL('/oauth/authorize', target.baseUrl);
  authorizeUrl.search = new URLSearchParams({
    client_id: target.clientId,
    redirect_uri: options.redirectUri ?? target.redirectUri,
    response_type: 'code',
    scope: (options.scopes ?? CONSOLE_SCOPES).join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const agent = new BrowserlessAgent(target.redirectUri);
  const result = await agent.navigate(authorizeUrl);
  return { agent, result, codeVerifier: verifier, state, authorizeUrl };
}

export interface SignInOptions extends AuthorizationOptions {
  email: string;
  password?: string;
}

export interface AuthorizationCode {
  code: string;
  state: string;
  /** The `iss` the server added to the redirect (RFC 9207). */
  iss: string | null;
  codeVerifier: string;
}

/** Signs in and allows, returning the authorization code from the redirect. */
export async function authorize(target: OAuthClientTarget, options: SignInOptions): Promise<AuthorizationCode> {
  const { agent, result: signInPage, codeVerifier, state } = await beginAuthorization(target, options);
  if (signInPage.kind !== 'page') throw new Error('expected the sign-in page');
  const consentPage = await agent.submitForm(formAction(signInPage, '/login'), {
    email: options.email,
    password: options.password ?? DEMO_PASSWORD,
  });
  if (consentPage.kind !== 'page' || !consentPage.html.includes('Allow')) {
    throw new Error(`sign-in as ${options.email} did not reach the consent page`);
  }
  const callback = await agent.submitForm(formAction(consentPage, '/confirm'), {});
  if (callback.kind !== 'callback') throw new Error(`consent did not redirect back: ${callback.html.slice(0, 300)}`);
  const code = callback.url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.url.href}`);
  if (callback.url.searchParams.get('state') !== state) throw new Error('state was not echoed');
  return { code, state, iss: callback.url.searchParams.get('iss'), codeVerifier };
}

/** POST to the token endpoint with client_secret_basic; returns the raw response. */
export function tokenRequest(
  baseUrl: string,
  client: { clientId: string; clientSecret: string },
  params: Record<string, string>,
): Promise<Response> {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  return fetch(new URL('/oauth/token', baseUrl), {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

export function exchangeCode(
  target: OAuthClientTarget,
  code: { code: string; codeVerifier: string },
): Promise<Response> {
  return tokenRequest(target.baseUrl, target, {
    grant_type: 'authorization_code',
    code: code.code,
    code_verifier: code.codeVerifier,
    redirect_uri: target.redirectUri,
  });
}

export function refreshTokens(target: OAuthClientTarget, refreshToken: string): Promise<Response> {
  return tokenRequest(target.baseUrl, target, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function parseTokenResponse(response: Response): Promise<TokenResponse> {
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`token request failed (${response.status}): ${JSON.stringify(body)}`);
  return tokenResponseSchema.parse(body);
}

/** The whole browser sign-in for an account; tokens as the console would receive them. */
export async function signIn(target: OAuthClientTarget, options: SignInOptions): Promise<TokenResponse> {
  return parseTokenResponse(await exchangeCode(target, await authorize(target, options)));
}

/** An `admin` token for the benchmark client (client_credentials). */
export async function benchToken(emulator: RunningEmulator, scope = 'admin'): Promise<TokenResponse> {
  return parseTokenResponse(
    await tokenRequest(
      emulator.url,
      { clientId: BENCH_CLIENT_ID, clientSecret: emulator.config.benchClientSecret },
      { grant_type: 'client_credentials', scope },
    ),
  );
}
