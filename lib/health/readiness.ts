/**
 * The console's readiness: the voice service and the console database, reported apart so an
 * operator or a load balancer sees which one is down. Nothing in the report names a URL, a host
 * or an error's text (they can carry credentials or internal addresses).
 */
import { getConsoleDb, type ConsoleDb } from '@/lib/db';
import { consoleEnv } from '@/lib/env';
import { probeService, type ServiceProbe } from '@/lib/upstream/health';

/** Each check gives up after this long: readiness must answer even when a dependency hangs. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface DatabaseProbe {
  ok: boolean;
  latencyMs: number;
  kind: ConsoleDb['kind'] | null;
  problem?: 'unavailable' | 'timeout';
}

export interface Readiness {
  ok: boolean;
  service: ServiceProbe;
  database: DatabaseProbe;
}

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function probeDatabase(
  open: () => Promise<ConsoleDb> = getConsoleDb,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<DatabaseProbe> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let kind: ConsoleDb['kind'] | null = null;
  try {
    await withTimeout(
      (async () => {
        const db = await open();
        kind = db.kind;
        await db.query('select 1 as ready');
      })(),
      timeoutMs,
    );
    return { ok: true, latencyMs: latency(), kind };
  } catch (error) {
    return {
      ok: false,
      latencyMs: latency(),
      kind,
      problem: error instanceof CheckTimeout ? 'timeout' : 'unavailable',
    };
  }
}

export interface ReadinessDeps {
  service?: () => Promise<ServiceProbe>;
  database?: () => Promise<DatabaseProbe>;
}

export async function readiness(deps: ReadinessDeps = {}): Promise<Readiness> {
  const [service, database] = await Promise.all([
    (deps.service ?? (() => probeService(consoleEnv().VOICE_BASE_URL, READINESS_CHECK_TIMEOUT_MS)))(),
    (deps.database ?? (() => probeDatabase()))(),
  ]);
  return { ok: service.ok && database.ok, service, database };
}
