/**
 * The console's own machine credential for background jobs. A job outlives the operator's
 * browser session and access token, and the operator's rotating refresh token cannot be shared
 * with a worker (a replay revokes the grant), so jobs call the service as the console itself:
 * OAuth `client_credentials` with scope `admin`. The operator who started a job is recorded on
 * the job and on its audit rows, not in the token.
 *
 * The token is cached until shortly before it expires; concurrent callers share one request;
 * a 401 from the service drops the cached token (`invalidate`) so the next call fetches a new one.
 */
import { oauthErrorSchema, tokenResponseSchema } from '@/lib/upstream/contract';
import { UpstreamClient, type UpstreamLogLine } from '@/lib/upstream/client';
import type { JobsSettings } from './settings';

export class ServiceCredentialError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServiceCredentialError';
  }
}

export interface ServiceCredentialOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  /** Refresh this long before expiry (capped at a tenth of the token's lifetime); default 60 s. */
  refreshMarginMs?: number;
  /** Lifetime assumed when the answer has no `expires_in`; default 5 minutes. */
  defaultLifetimeMs?: number;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

export interface ServiceToken {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface ServiceCredential {
  /** A valid access token, fetched or from the cache. */
  token(): Promise<ServiceToken>;
  /** Forgets `accessToken` if it is the cached one (the service refused it). */
  invalidate(accessToken: string): void;
}

export function createServiceCredential(options: ServiceCredentialOptions): ServiceCredential {
  const scope = options.scope ?? 'admin';
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const margin = options.refreshMarginMs ?? 60_000;
  const defaultLifetime = options.defaultLifetimeMs ?? 5 * 60_000;
  if (!options.clientId || !options.clientSecret) {
    throw new ServiceCredentialError(
      'The jobs machine credential is not configured: set VOICE_JOBS_CLIENT_ID and VOICE_JOBS_CLIENT_SECRET.',
    );
  }
  const where = `${options.tokenUrl} as client ${options.clientId}`;

  let cached: { token: ServiceToken; refreshAt: number } | undefined;
  let inFlight: Promise<ServiceToken> | undefined;

  async function fetchToken(): Promise<ServiceToken> {
    const basic = Buffer.from(
      `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
    ).toString('base64');
    let response: Response;
    let text: string;
    try {
      response = await doFetch(options.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        cache: 'no-store',
      });
      text = await response.text();
    } catch (cause) {
      throw new ServiceCredentialError(
        `Could not reach the token endpoint ${options.tokenUrl}: ${cause instanceof Error ? cause.message : String(cause)}. Check VOICE_TOKEN_URL.`,
        { cause },
      );
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const error = oauthErrorSchema.safeParse(body);
      const detail = error.success
        ? `${error.data.error}${error.data.error_description ? ` (${error.data.error_description})` : ''}`
        : `HTTP ${response.status}`;
      const hint =
        error.success && (error.data.error === 'invalid_client' || error.data.error === 'unauthorized_client')
          ? ' Check VOICE_JOBS_CLIENT_ID and VOICE_JOBS_CLIENT_SECRET.'
          : error.success && error.data.error === 'invalid_scope'
            ? ` The client must be allowed the ${scope} scope.`
            : '';
      throw new ServiceCredentialError(
        `The token endpoint refused the jobs machine credential (${where}): ${detail}.${hint}`,
      );
    }
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new ServiceCredentialError(
        `The token endpoint answered ${where} with an unexpected body: ${parsed.error.issues[0]?.message ?? 'not JSON'}`,
      );
    }
    const granted = parsed.data.scope?.split(' ') ?? [scope];
    if (!granted.includes(scope)) {
      throw new ServiceCredentialError(
        `The jobs machine credential (${where}) was granted "${parsed.data.scope}" without the ${scope} scope.`,
      );
    }
    const issuedAt = now();
    const lifetime = parsed.data.expires_in !== undefined ? parsed.data.expires_in * 1000 : defaultLifetime;
    const token = { accessToken: parsed.data.access_token, expiresAt: issuedAt + lifetime };
    cached = { token, refreshAt: issuedAt + lifetime - Math.min(margin, lifetime / 10) };
    return token;
  }

  return {
    token() {
      if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(accessToken) {
      if (cached?.token.accessToken === accessToken) cached = undefined;
    },
  };
}

/** The credential of the settings' machine client. */
export function serviceCredentialFromSettings(settings: JobsSettings): ServiceCredential {
  return createServiceCredential({
    tokenUrl: settings.tokenUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    timeoutMs: settings.timeoutMs,
  });
}

/**
 * What the runner calls the service with: an UpstreamClient bound to the current machine token.
 * The client neither retries nor waits for rate limits (readRetries 0, maxRateLimitWaitMs 0):
 * the runner decides both.
 */
export interface JobsUpstream {
  client(): Promise<UpstreamClient>;
  /** The service refused this client's token: the next client() fetches a new one. */
  refresh(stale: UpstreamClient): void;
}

export interface MachineUpstreamOptions {
  baseUrl: string;
  credential: ServiceCredential;
  timeoutMs?: number;
  log?: (line: UpstreamLogLine) => void;
}

export function machineUpstream(options: MachineUpstreamOptions): JobsUpstream {
  const tokens = new WeakMap<UpstreamClient, string>();
  let current: { accessToken: string; client: UpstreamClient } | undefined;
  // Quiet by default: a job makes thousands of calls, and their outcomes live in bulk_job_items.
  const log = options.log ?? (() => {});
  return {
    async client() {
      const { accessToken } = await options.credential.token();
      if (current?.accessToken !== accessToken) {
        const client = new UpstreamClient({
          baseUrl: options.baseUrl,
          accessToken,
          timeoutMs: options.timeoutMs,
          readRetries: 0,
          maxRateLimitWaitMs: 0,
          log,
          caller: 'job',
        });
        tokens.set(client, accessToken);
        current = { accessToken, client };
      }
      return current.client;
    },
    refresh(stale) {
      const accessToken = tokens.get(stale);
      if (accessToken) options.credential.invalidate(accessToken);
    },
  };
}

export function machineUpstreamFromSettings(
  settings: JobsSettings,
  log?: (line: UpstreamLogLine) => void,
): JobsUpstream {
  return machineUpstream({
    baseUrl: settings.baseUrl,
    credential: serviceCredentialFromSettings(settings),
    timeoutMs: settings.timeoutMs,
    log,
  });
}
