/**
 * The scheduled statistics digest, without a browser:
 *   npm run stats:digest -- --days 7 --format md|json|slack [--out FILE] [--webhook URL] [--tz ZONE]
 * Signs in as the console's machine client (client credentials, the jobs' VOICE_JOBS_CLIENT_*),
 * reads GET /admin/message/statistics, applies the page's comparison and anomaly rules, and
 * writes the digest to stdout, a file, or a webhook. Exit 0: no anomaly; 2: anomalies; 1: it
 * could not be made, with one line on stderr saying why.
 */
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createServiceCredential, ServiceCredentialError, jobsSettings } from '../lib/jobs/runner';
import { lastCompleteDays } from '../lib/statistics/days';
import { buildDigest, DIGEST_EXIT, digestExitCode, parseDigestArgs, renderDigest } from '../lib/statistics/digest';
import { reviewStatistics } from '../lib/statistics/review';
import { statisticsHref } from '../lib/statistics/query';
import { UpstreamClient, isUpstreamError } from '../lib/upstream/client';
import { getDailyMessageStatistics } from '../lib/upstream/statistics';
import { loadDotEnv } from './settings';

export interface DigestIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (line: string) => void;
  now?: () => number;
  fetch?: typeof fetch;
}

/** One line saying what went wrong and what to check. */
function describeFailure(error: unknown, baseUrl: string): string {
  if (error instanceof ServiceCredentialError) return error.message;
  if (isUpstreamError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout')
      return `The service at ${baseUrl} could not be reached (${error.kind}). Check VOICE_BASE_URL and that the service is running.`;
    if (error.kind === 'unauthorized' || error.kind === 'forbidden')
      return `The service refused the machine credential's token for ${error.path} (${error.status}). The client needs the admin scope.`;
    return `The service failed: ${error.message}.`;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function runDigest(argv: readonly string[], io: DigestIo): Promise<number> {
  const fail = (line: string) => {
    io.stderr(`stats:digest: ${line.replace(/\s*\n\s*/g, '; ')}`);
    return DIGEST_EXIT.error;
  };
  const parsed = parseDigestArgs(argv);
  if (!parsed.ok) return fail(parsed.message);
  const { args } = parsed;
  let settings;
  try {
    settings = jobsSettings(io.env);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const now = (io.now ?? Date.now)();
  try {
    const credential = createServiceCredential({
      tokenUrl: settings.tokenUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      timeoutMs: settings.timeoutMs,
      fetch: io.fetch,
    });
    const { accessToken } = await credential.token();
    const client = new UpstreamClient({
      baseUrl: settings.baseUrl,
      accessToken,
      timeoutMs: settings.timeoutMs,
      log: () => {},
    });
    const raw = await getDailyMessageStatistics(client, { timeZone: args.timeZone });
    const range = lastCompleteDays(args.days, now, args.timeZone);
    const review = reviewStatistics(raw, { range, timeZone: args.timeZone, now });
    const consoleUrl = io.env.NEXTAUTH_URL?.replace(/\/+$/, '');
    const link = consoleUrl
      ? `${consoleUrl}${statisticsHref({ preset: null, range, timeZone: args.timeZone, view: 'count', hidden: [] })}`
      : null;
    const digest = buildDigest(review, { generatedAt: new Date(now), link });
    const text = renderDigest(digest, args.format);
    if (args.out) await writeFile(args.out, text);
    if (args.webhook) await postToWebhook(args.webhook, text, args.format, io.fetch ?? fetch);
    if (!args.out && !args.webhook) io.stdout(text);
    return digestExitCode(digest);
  } catch (error) {
    return fail(describeFailure(error, settings.baseUrl));
  }
}

async function postToWebhook(url: string, text: string, format: string, doFetch: typeof fetch): Promise<void> {
  const contentType = format === 'md' ? 'text/markdown; charset=utf-8' : 'application/json';
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: text,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new Error(
      `The webhook ${new URL(url).origin} could not be reached: ${cause instanceof Error ? cause.message : String(cause)}.`,
    );
  }
  if (!response.ok)
    throw new Error(`The webhook ${new URL(url).origin} answered ${response.status}; the digest was not delivered.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  loadDotEnv();
  runDigest(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`stats:digest: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = DIGEST_EXIT.error;
    },
  );
}
