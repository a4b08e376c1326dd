/** An UpstreamClient for one operator's token, with the console's configured limits. */
import { consoleEnv } from '@/lib/env';
import { UpstreamClient, type UpstreamLogLine } from './client';
import { processInFlightLimiter } from './in-flight';

export interface ConsoleClientOptions {
  /** A page's deadline (epoch ms) shared by all its reads; see `pageDeadlineFromNow`. */
  deadlineAt?: number;
}

export function consoleUpstreamClient(
  accessToken: string,
  log?: (line: UpstreamLogLine) => void,
  { deadlineAt }: ConsoleClientOptions = {},
): UpstreamClient {
  const env = consoleEnv();
  return new UpstreamClient({
    baseUrl: env.VOICE_BASE_URL,
    accessToken,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    readRetries: env.UPSTREAM_READ_RETRIES,
    deadlineAt,
    limiter: processInFlightLimiter(env.UPSTREAM_MAX_IN_FLIGHT),
    log,
  });
}

/** When a page that starts now must have its reads done (UPSTREAM_PAGE_DEADLINE_MS). */
export function pageDeadlineFromNow(now = Date.now()): number {
  return now + consoleEnv().UPSTREAM_PAGE_DEADLINE_MS;
}
