/**
 * Test controls, under /__control/ only and without authentication (the emulator listens on
 * loopback for tests and development):
 *   GET    /__control/settings   current runtime settings
 *   POST   /__control/settings   change some: {"accessTokenTtlSeconds": 4, "rateLimitRead": 5, ...}
 *   POST   /__control/reset      pristine seed data, initial settings, rate-limit counters cleared
 *   GET    /__control/requests   the request log (every route but /__control and /healthz)
 *   DELETE /__control/requests   clears the request log
 */
import { HttpError, readJsonBody, sendJson } from './http';
import type { RequestLog } from './request-log';
import type { Route } from './router';
import { runtimeSettingsUpdateSchema, type RuntimeSettings, type RuntimeSettingsUpdate } from './settings';

export interface ControlOptions {
  currentSettings(): RuntimeSettings;
  updateSettings(update: RuntimeSettingsUpdate): RuntimeSettings;
  reset(): Promise<void>;
  requestLog: RequestLog;
}

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
        const parsed = runtimeSettingsUpdateSchema.safeParse(await readJsonBody(req));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new HttpError(400, `settings: ${issue?.path.join('.') || 'body'}: ${issue?.message}`, 'INVALID_PARAMETER');
        }
        sendJson(res, 200, options.updateSettings(parsed.data));
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
  ];
}
