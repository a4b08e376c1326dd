/**
 * What GET /api/metrics does: decides who may scrape (a bearer token from METRICS_TOKEN, or,
 * with none set, only a client on this machine), reads the gauges of state at that moment and
 * renders the registry in Prometheus' text format.
 */
import { timingSafeEqual } from 'node:crypto';
import { getConsoleDb } from '@/lib/db';
import { consoleEnv } from '@/lib/env';
import { exportSettings } from '@/lib/export/limits';
import { exportState } from '@/lib/export/index';
import { stuckSamplerSettings } from '@/lib/stuck-trend/settings';
import { processInFlightLimiter } from '@/lib/upstream/client';
import { errorMessage, logger } from './logger';
import { metrics } from './metrics';
import { currentRequest } from './request-context';
import { observabilitySettings } from './settings';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the scrape may be answered. */
export function scrapeAllowed(
  authorization: string | null,
  peer: string | undefined,
  token: string | undefined,
): boolean {
  if (token) {
    const given = Buffer.from(authorization?.startsWith('Bearer ') ? authorization.slice(7) : '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return peer !== undefined && LOOPBACK.test(peer);
}

async function readDatabaseGauges(): Promise<void> {
  const m = metrics();
  try {
    const db = await getConsoleDb();
    const [[items], [approvals], [sample]] = await Promise.all([
      db.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM bulk_job_items WHERE status IN ('pending', 'in_flight')`,
      ),
      db.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM approval_requests WHERE status = 'pending' AND expires_at > now()`,
      ),
      db.query<{ at: Date | null }>(`SELECT max(sampled_at) AS at FROM stuck_samples WHERE scope = ''`),
    ]);
    m.jobItemsPending.set(items?.pending ?? 0);
    m.approvalsWaiting.set(approvals?.waiting ?? 0);
    const sampledAt = sample?.at ? new Date(sample.at).getTime() : null;
    m.samplerLastSample.set(sampledAt === null ? 0 : sampledAt / 1000);
    const sampler = stuckSamplerSettings();
    const intervalMs = sampler.intervalMinutes * 60_000;
    // The interval being sampled now is not missed yet; whole intervals before it are.
    m.samplerGaps.set(
      !sampler.enabled || sampledAt === null ? 0 : Math.max(0, Math.floor((Date.now() - sampledAt) / intervalMs) - 1),
    );
    m.databaseUp.set(1);
  } catch (error) {
    m.databaseUp.set(0);
    logger('metrics').warn({ err: error }, `the console database did not answer the scrape: ${errorMessage(error)}`);
  }
}

/** The response to a scrape request with this Authorization header. */
export async function scrapeResponse(authorization: string | null): Promise<Response> {
  if (!scrapeAllowed(authorization, currentRequest()?.peer, observabilitySettings().metricsToken)) {
    return new Response('Forbidden\n', {
      status: 403,
      headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' },
    });
  }
  const m = metrics();
  const limiter = processInFlightLimiter(consoleEnv().UPSTREAM_MAX_IN_FLIGHT).stats();
  m.serviceInFlight.set(limiter.inFlight);
  m.serviceQueued.set(limiter.queued);
  m.serviceInFlightLimit.set(limiter.limit);
  m.exportSlots.set(exportState().slots.count());
  m.exportSlotsLimit.set(exportSettings().perProcess);
  await readDatabaseGauges();
  return new Response(await m.registry.metrics(), {
    headers: { 'content-type': m.registry.contentType, 'cache-control': 'no-store' },
  });
}
