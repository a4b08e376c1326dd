/**
 * Test controls, under /__control/ only and without authentication (the emulator listens on
 * loopback for tests and development):
 *   GET    /__control/settings         current runtime settings
 *   POST   /__control/settings         change some: {"accessTokenTtlSeconds": 4, "reprocessDelayMs": 0, ...}
 *   POST   /__control/reset            pristine seed data, initial settings and faults, rate-limit counters cleared
 *   GET    /__control/requests         the request log (every route but /__control and /healthz)
 *   GET    /__control/notification-sink  what POST /notification-sink received (notification-sink.ts)
 *   DELETE /__control/requests         clears the request log
 *   GET    /__control/faults           the fault injection rules in force
 *   POST   /__control/faults           replaces them: {"rules": [...], "seed": 7} or just [...] (faults.ts)
 *   DELETE /__control/faults           removes them all
 *   POST   /__control/revoke-grants    {"email": "ops@example.com"}: ends every grant and token of the account
 *   POST   /__control/backdate-messages  {"ids": ["msg_…"], "ms": 120000}: their last update that much earlier,
 *                                       as if that long had passed at the service since (the console's
 *                                       stuck threshold then counts them without a test waiting it out)
 *   GET    /__control/poison-messages  the seeded messages a reprocess never brings back
 *   GET    /__control/text-index/{entity}  the size of the entity's free-text `q` index (built now if it is not)
 *   POST   /__control/outage           {"ms": 8000}: stops listening after answering, listens again after ms (outage.ts)
 *
 * Loopback is no defence against the operator's own browser: any page it shows could POST here
 * (a `no-cors` POST with an empty body resets the data). So every control request must carry
 * CONTROL_HEADER, which an HTML form cannot send and a cross-origin script cannot send without a
 * CORS preflight this server never answers, and a request whose `Origin` is not the emulator's
 * own is refused.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { faultConfigInputSchema, type FaultInjector } from './faults';
import { HttpError, parseInput, readJsonBody, sendJson } from './http';
import { outageInputSchema } from './outage';
import type { RequestLog } from './request-log';
import type { Route } from './router';
import { runtimeSettingsUpdateSchema, type RuntimeSettings, type RuntimeSettingsUpdate } from './settings';
import type { TextIndexStats } from './store/text-index';
import type { NotificationSink } from './notification-sink';

export interface PoisonMessage {
  id: string;
  /** `stuck`: stays `processing` after a reprocess; `fail`: falls to `failed`. */
  behaviour: string;
  status: string;
}

export interface ControlOptions {
  currentSettings(): RuntimeSettings;
  updateSettings(update: RuntimeSettingsUpdate): RuntimeSettings;
  reset(): Promise<void>;
  requestLog: RequestLog;
  faults: FaultInjector;
  /** The local webhook receiver for the console's notification channels. */
  notificationSink: NotificationSink;
  /** Revokes the account's grants; null when no account has the e-mail address. */
  revokeGrants(email: string): number | null;
  /** Moves the messages' last update `ms` into the past (404 for an unknown id, none moved then). */
  backdateMessages(ids: string[], ms: number): void;
  poisonMessages(): PoisonMessage[];
  /** The entity's `q` index size; undefined when there is no such entity. */
  textIndexStats(entity: string): TextIndexStats | undefined;
  /** Takes the whole service down for `ms` once the answer has been sent; the end, epoch ms. */
  outage(ms: number, afterResponse: Promise<void>): number;
}

/** The header every /__control/* caller sends (any value but empty). */
export const CONTROL_HEADER = 'x-emulator-control';
/** The headers a caller adds to a control request. */
export const CONTROL_HEADERS: Readonly<Record<string, string>> = { [CONTROL_HEADER]: '1' };

/** Throws 403 unless the request carries the control header and no foreign Origin. */
export function guardControlRequest(req: IncomingMessage, ownOrigin: string): void {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin) {
    throw new HttpError(403, `control requests from another origin (${origin}) are refused`, 'FORBIDDEN');
  }
  if (!req.headers[CONTROL_HEADER]) {
    throw new HttpError(403, `control requests must carry the ${CONTROL_HEADER} header`, 'FORBIDDEN');
  }
}

const revokeGrantsSchema = z.object({ email: z.string().min(1).max(320) }).strict();
const backdateMessagesSchema = z
  .object({
    ids: z.array(z.string().min(1).max(100)).min(1).max(1_000),
    ms: z
      .number()
      .int()
      .min(1)
      .max(366 * 24 * 3_600_000),
  })
  .strict();

export function controlRoutes(options: ControlOptions): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/__control\/settings$/,
      async handle({ res }) {
        sendJson(res, 200, options.currentSettings());
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/settings$/,
      async handle({ req, res }) {
        const update = parseInput(runtimeSettingsUpdateSchema, await readJsonBody(req), 'settings');
        sendJson(res, 200, options.updateSettings(update));
      },
    },
    {
      method: 'GET',
      pattern: /^\/__control\/notification-sink$/,
      async handle({ res }) {
        sendJson(res, 200, options.notificationSink.messages());
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/reset$/,
      async handle({ res }) {
        await options.reset();
        sendJson(res, 200, { ok: true });
      },
    },
    {
      method: 'GET',
      pattern: /^\/__control\/requests$/,
      async handle({ res }) {
        sendJson(res, 200, options.requestLog.list());
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/__control\/requests$/,
      async handle({ res }) {
        options.requestLog.clear();
        res.writeHead(204).end();
      },
    },
    {
      method: 'GET',
      pattern: /^\/__control\/faults$/,
      async handle({ res }) {
        sendJson(res, 200, options.faults.get());
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/faults$/,
      async handle({ req, res }) {
        options.faults.set(parseInput(faultConfigInputSchema, await readJsonBody(req), 'faults'));
        sendJson(res, 200, options.faults.get());
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/__control\/faults$/,
      async handle({ res }) {
        options.faults.clear();
        res.writeHead(204).end();
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/outage$/,
      async handle({ req, res }) {
        const { ms } = parseInput(outageInputSchema, await readJsonBody(req), 'body');
        const sent = new Promise<void>((resolve) => res.once('finish', () => resolve()));
        const until = options.outage(ms, sent);
        sendJson(res, 202, { ok: true, until: new Date(until).toISOString() });
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/revoke-grants$/,
      async handle({ req, res }) {
        const { email } = parseInput(revokeGrantsSchema, await readJsonBody(req), 'body');
        const revoked = options.revokeGrants(email);
        if (revoked === null) throw new HttpError(404, `no account with e-mail address "${email}"`, 'NOT_FOUND');
        sendJson(res, 200, { ok: true, revokedGrants: revoked });
      },
    },
    {
      method: 'POST',
      pattern: /^\/__control\/backdate-messages$/,
      async handle({ req, res }) {
        const { ids, ms } = parseInput(backdateMessagesSchema, await readJsonBody(req), 'body');
        options.backdateMessages(ids, ms);
        sendJson(res, 200, { ok: true, backdated: ids.length });
      },
    },
    {
      method: 'GET',
      pattern: /^\/__control\/poison-messages$/,
      async handle({ res }) {
        sendJson(res, 200, options.poisonMessages());
      },
    },
    {
      method: 'GET',
      pattern: /^\/__control\/text-index\/([^/]+)$/,
      async handle({ res, params }) {
        const entity = params[0]!;
        const stats = options.textIndexStats(entity);
        if (stats === undefined) throw new HttpError(404, `no entity "${entity}"`, 'NOT_FOUND');
        sendJson(res, 200, stats);
      },
    },
  ];
}
