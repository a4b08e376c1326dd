/**
 * The emulator as an importable unit: `startEmulator` loads the seed, starts the HTTP server
 * and returns a handle; main.ts and the tests both use it.
 *
 * Routes: /healthz, /__control/* (control.ts), /identity, /admin/* and /agents/* (bearer token,
 * rate limits), /interaction/* (sign-in pages); everything else is oidc-provider's
 * (/oauth/authorize, /oauth/token, /oauth/revoke, discovery). Injected faults (faults.ts) apply
 * to every route but /healthz and /__control/*.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { findEntity } from './admin/entities';
import { adminRoutes } from './admin/routes';
import { agentRoutes } from './agents/routes';
import { AgentTokens } from './agents/tokens';
import { DEFAULT_CONFIG, type EmulatorConfig } from './config';
import { controlRoutes, guardControlRequest } from './control';
import { createNotificationSink, NOTIFICATION_SINK_PATH } from './notification-sink';
import { applyCors } from './cors';
import { EmulatorDatabase, type DatabaseLoadReport } from './db';
import { FaultInjector } from './faults';
import { guardApiRequest, rateLimitedError, setRateLimitHeaders } from './guard';
import { HttpError, sendError, sendJson, type RequestContext } from './http';
import { identityRoutes } from './identity';
import { backdateMessages, settleProcessing } from './model/messages';
import { findUserByEmail } from './model/users';
import { AccountStore } from './oauth/accounts';
import { createInteractionHandler } from './oauth/interactions';
import { basicClientIdOf } from './oauth/bearer';
import { createMemoryStore } from './oauth/memory-store';
import { createOAuthProvider, OAUTH_ROUTES, resourceIndicatorFor } from './oauth/provider';
import { FixedWindowRateLimiter, routeClassOf } from './rate-limit';
import { RequestLog } from './request-log';
import { createOutage } from './outage';
import { createRouter } from './router';
import { initialRuntimeSettings, type RuntimeSettings, type RuntimeSettingsUpdate } from './settings';

/** What a `malformedJson` fault answers: JSON cut off mid-record. */
const MALFORMED_JSON_BODY = '{"success":true,"data":[{"id":"truncated';

export interface RunningEmulator {
  /** Where it listens, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /** The OAuth issuer (EMULATOR_PUBLIC_URL, else `url`). */
  issuer: string;
  /** The settings it runs with; `port` is the actual one. */
  config: EmulatorConfig;
  /** Direct access to the data, for tests that need to change or inspect state. */
  database: EmulatorDatabase;
  requestLog: RequestLog;
  faults: FaultInjector;
  settings(): RuntimeSettings;
  updateSettings(update: RuntimeSettingsUpdate): RuntimeSettings;
  /** Pristine data, initial settings and faults, cleared rate-limit counters (tokens stay valid). */
  reset(): Promise<void>;
  stop(): Promise<void>;
  startup: { database: DatabaseLoadReport; milliseconds: number };
}

export async function startEmulator(options: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  const started = performance.now();
  const config: EmulatorConfig = { ...DEFAULT_CONFIG, ...options };
  const database = await EmulatorDatabase.open(config);

  const server = createServer();
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const issuer = (config.publicUrl ?? url).replace(/\/+$/, '');
  const outage = createOutage(server, () => port, config.host);

  let settings = initialRuntimeSettings(config);
  const limiter = new FixedWindowRateLimiter(() => settings);
  const requestLog = new RequestLog();
  const faults = new FaultInjector(config.faults);
  const accounts = new AccountStore(() => database.world);
  const store = createMemoryStore();
  const agentTokens = new AgentTokens(issuer);
  const provider = createOAuthProvider({
    issuer,
    consoleClientId: config.consoleClientId,
    consoleClientSecret: config.consoleClientSecret,
    consoleRedirectUris: config.consoleRedirectUris,
    benchClientSecret: config.benchClientSecret,
    corsOrigins: config.corsOrigins,
    settings: () => settings,
    accounts,
    store,
  });
  const providerCallback = provider.callback();
  const handleInteraction = createInteractionHandler({ provider, accounts, resource: resourceIndicatorFor(issuer) });

  const updateSettings = (update: RuntimeSettingsUpdate): RuntimeSettings => {
    settings = { ...settings, ...update };
    limiter.clear();
    return settings;
  };
  const reset = async (): Promise<void> => {
    await database.reset();
    settings = initialRuntimeSettings(config);
    faults.set(config.faults);
    limiter.clear();
  };

  const notificationSink = createNotificationSink();
  const control = createRouter(
    controlRoutes({
      currentSettings: () => settings,
      updateSettings,
      reset,
      requestLog,
      faults,
      notificationSink,
      revokeGrants(email) {
        const user = findUserByEmail(database.world, email);
        return user ? store.revokeAccount(user.id) : null;
      },
      backdateMessages: (ids, ms) => backdateMessages(database.world, ids, ms),
      outage: (ms, afterResponse) => outage.begin(ms, afterResponse),
      textIndexStats: (entity) => findEntity(entity)?.textIndexStats(database.world),
      poisonMessages() {
        const { world } = database;
        settleProcessing(world, Date.now());
        return [...world.messages.where('poison', 'stuck'), ...world.messages.where('poison', 'fail')]
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((message) => ({ id: message.id, behaviour: message.poison as string, status: message.status }));
      },
    }),
  );
  const identity = createRouter(identityRoutes(provider, database));
  const admin = createRouter(adminRoutes({ database, settings: () => settings }));
  const agents = createRouter(agentRoutes(database, agentTokens));

  /** Applies the fault rules to a request; true when a fault answered it (or left it hanging). */
  async function injectFault(res: ServerResponse, context: RequestContext): Promise<boolean> {
    const path = context.url.pathname;
    const { latencyMs, outcome } = faults.decide(context.method, path, context.url.search);
    if (latencyMs > 0) await sleep(latencyMs);
    if (!outcome) return false;
    switch (outcome.kind) {
      case 'hang':
        return true;
      case 'rateLimit': {
        const { rateLimitRead, rateLimitWrite, rateLimitWindowMs } = settings;
        const decision = {
          allowed: false,
          limit: routeClassOf(context.method, path) === 'read' ? rateLimitRead : rateLimitWrite,
          remaining: 0,
          resetEpochSeconds: Math.ceil((Date.now() + rateLimitWindowMs) / 1000),
        };
        setRateLimitHeaders(res, decision);
        throw rateLimitedError(decision);
      }
      case 'error':
        throw new HttpError(outcome.status, `injected fault: ${context.method} ${path} failed`, 'INJECTED_FAULT');
      case 'malformedJson':
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(MALFORMED_JSON_BODY);
        return true;
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, context: RequestContext): Promise<void> {
    const path = context.url.pathname;
    if (path === '/healthz') {
      sendJson(res, 200, { ok: true, preset: config.preset, seed: config.seed });
      return;
    }
    if (path === NOTIFICATION_SINK_PATH && context.method === 'POST') {
      await notificationSink.receive(req, res);
      return;
    }
    if (path.startsWith('/__control/')) {
      guardControlRequest(req, new URL(issuer).origin);
      await control(req, res, context);
      return;
    }
    const api = isUnder(path, '/identity') || isUnder(path, '/admin') || isUnder(path, '/agents');
    if (api && applyCors(req, res, config.corsOrigins)) return;
    if (await injectFault(res, context)) return;
    if (path.startsWith('/interaction/')) {
      await handleInteraction(req, res, path);
    } else if (isUnder(path, '/identity')) {
      await identity(req, res, context);
    } else if (isUnder(path, '/admin')) {
      await guardApiRequest(req, res, context, { provider, limiter, requiredScope: 'admin' });
      await admin(req, res, context);
    } else if (isUnder(path, '/agents')) {
      await guardApiRequest(req, res, context, { provider, limiter, agentTokens });
      await agents(req, res, context);
    } else {
      await providerCallback(req, res);
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const arrived = new Date();
    const context: RequestContext = {
      requestId: randomUUID(),
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://emulator.invalid'),
      subject: null,
      caller: null,
    };
    res.setHeader('X-Request-Id', context.requestId);
    const path = context.url.pathname;
    // The token endpoint's log entries name the client that asked, so a test can tell the
    // console's refreshes of an operator's session from its machine client's tokens.
    if (path === OAUTH_ROUTES.token) context.subject = basicClientIdOf(req.headers.authorization);
    if (path !== '/healthz' && !path.startsWith('/__control/')) {
      res.once('close', () =>
        requestLog.add({
          requestId: context.requestId,
          method: context.method,
          path,
          query: context.url.search,
          status: res.statusCode,
          subject: context.subject,
          time: arrived.toISOString(),
          durationMs: Date.now() - arrived.getTime(),
        }),
      );
    }
    route(req, res, context).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (!(error instanceof HttpError)) console.error(`[emulator] ${context.method} ${path} failed:`, error);
      sendError(
        res,
        context,
        error instanceof HttpError ? error : new HttpError(500, 'internal error in the emulator', 'INTERNAL'),
      );
    });
  });

  return {
    url,
    issuer,
    config: { ...config, port },
    database,
    requestLog,
    faults,
    settings: () => settings,
    updateSettings,
    reset,
    async stop() {
      outage.cancel();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
    startup: { database: database.loadReport, milliseconds: performance.now() - started },
  };
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
