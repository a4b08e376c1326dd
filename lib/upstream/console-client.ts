/** An UpstreamClient for one operator's token, with the console's configured limits. */
import { consoleEnv } from '@/lib/env';
import { UpstreamClient, type UpstreamLogLine } from './client';

export function consoleUpstreamClient(accessToken: string, log?: (line: UpstreamLogLine) => void): UpstreamClient {
  const env = consoleEnv();
  return new UpstreamClient({
    baseUrl: env.VOICE_BASE_URL,
    accessToken,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    readRetries: env.UPSTREAM_READ_RETRIES,
    log,
  });
}
