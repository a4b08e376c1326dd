/**
 * Production operation, end to end: a console started alone (`next start` from the build) with a
 * local OTLP/HTTP receiver serves the Prometheus scrape whose counters move when a page loads and
 * a bulk job runs, and sends one trace per page load whose child spans are the service calls;
 * bad settings stop the production server and `npm start` with every problem listed; and two of
 * the probe's findings (next-auth's own sign-out route, paths that look like build assets).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { serviceUrls } from '../lib/service-defaults';
import { freePort, startConsole, type ExtraConsole } from './consoles';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL, E2E_OPERATIONS_CONSOLE_URL, E2E_STACK_ENV } from './stack';
import { emulatorControl, emulatorRequests, signIn } from './support';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string } }>;
}

let receiver: Server;
const spans: OtlpSpan[] = [];
let traced: ExtraConsole;

test.beforeAll(async () => {
  // As the other specs' extra consoles: a production server starting on a loaded machine can take
  // longer than a test's time, and a hook cut short would leave that server holding its port for
  // the retry; startConsole's own deadline comes first and stops it.
  test.setTimeout(240_000);
  const port = await freePort();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  traced = await startConsole({
    port: Number(new URL(E2E_OPERATIONS_CONSOLE_URL).port),
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
  });
});

test.afterAll(async () => {
  await traced?.stop();
  receiver?.close();
});

/** Sum of a family's samples whose labels include `labels`, from a scrape. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

async function scrape(): Promise<string> {
  const response = await fetch(`${traced.url}/api/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;

test('the scrape counts a page load and a bulk job; the page load is one trace with its service calls', async ({
  page,
}, testInfo) => {
  test.slow();
  await emulatorControl('reset', { method: 'POST' });
  const before = await scrape();
  await signIn(page, 'ops@example.com', '/stuck', traced.url);
  await page.goto(`${traced.url}/users?verified=false&type=human`);
  const box = page.getByRole('checkbox', { name: /^Select usr_/ }).first();
  await box.check();
  await page.getByRole('button', { name: 'Verify selected (1)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await expect(dialog.getByTestId('dry-run-count')).toHaveText('1');
  await dialog.getByLabel('Type 1 to confirm').fill('1');
  await dialog.getByRole('button', { name: /^Start job for 1 user/ }).click();
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 30_000 });

  const after = await scrape();
  const pages = { kind: 'page', method: 'GET', status: '200' };
  expect(sample(after, 'console_http_request_duration_seconds_count', pages)).toBeGreaterThan(
    sample(before, 'console_http_request_duration_seconds_count', pages),
  );
  const usersReads = { operation: 'GET /admin/ra/users', status: '200' };
  expect(sample(after, 'console_service_call_duration_seconds_count', usersReads)).toBeGreaterThan(
    sample(before, 'console_service_call_duration_seconds_count', usersReads),
  );
  expect(sample(after, 'console_job_items_total', { outcome: 'ok' })).toBe(
    sample(before, 'console_job_items_total', { outcome: 'ok' }) + 1,
  );
  expect(after).toContain('console_job_items_pending 0');
  expect(after).toContain('process_cpu_seconds_total');

  // The users page load: one trace, rooted at Next's span for the request, the service calls its descendants.
  await expect.poll(() => spans.some((span) => span.name === 'job item'), { timeout: 15_000 }).toBe(true);
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const rootOf = (span: OtlpSpan): OtlpSpan => {
    let current = span;
    while (current.parentSpanId && byId.has(current.parentSpanId)) current = byId.get(current.parentSpanId)!;
    return current;
  };
  // The spans received, for reading when this fails.
  writeFileSync(
    testInfo.outputPath('spans.txt'),
    spans.map((span) => `${span.traceId} ${span.spanId} <- ${span.parentSpanId || '(root)'} ${span.name}`).join('\n'),
  );
  // The list is rendered by the [area] route: a GET whose trace renders that route.
  const servedUsers = (root: OtlpSpan) =>
    root.name.split(' ')[0] === 'GET' &&
    spans.some(
      (span) => span.traceId === root.traceId && (span.name === 'GET /[area]' || span.name.includes('/users')),
    );
  const usersCalls = spans.filter((span) => span.name === 'service GET /admin/ra/users' && servedUsers(rootOf(span)));
  expect(usersCalls.length).toBeGreaterThan(0);
  const root = rootOf(usersCalls[0]!);
  expect(root.parentSpanId).toBe('');
  const tree = spans.filter((span) => span.traceId === root.traceId);
  for (const call of tree.filter((span) => span.name.startsWith('service '))) {
    expect(rootOf(call)).toBe(root);
    expect(attribute(call, 'service.request_id')?.stringValue).toMatch(/.+/);
  }
  // Database queries are spans of the request that made them (the job's start, a server action, writes the job).
  expect(
    spans.some(
      (span) =>
        span.name.startsWith('db INSERT') && rootOf(span).parentSpanId === '' && rootOf(span).name !== 'job item',
    ),
  ).toBe(true);
  // A bulk job item is a trace of its own, its service call inside it.
  const item = spans.find((span) => span.name === 'job item')!;
  expect(item.parentSpanId).toBe('');
  expect(
    spans.some((span) => span.traceId === item.traceId && span.name.startsWith('service PUT /admin/user/set_verified')),
  ).toBe(true);
});

test('the production server and npm start refuse bad settings, listing every problem', async () => {
  test.slow();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-bad-settings-'));
  const bad = { NEXTAUTH_SECRET: '', VOICE_BASE_URL: 'not-a-url', JOBS_CONCURRENCY: 'many', LOG_FORMAT: 'xml' };
  const run = (args: string[], extra: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...E2E_STACK_ENV,
        ...serviceUrls(E2E_EMULATOR_URL),
        CONSOLE_DATA_DIR: dataDir,
        NEXT_TELEMETRY_DISABLED: '1',
        ...extra,
        ...bad,
      };
      delete env.STACK_LOG_FILE;
      const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  try {
    const port = await freePort();
    const server = await run(
      [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-H', '127.0.0.1', '-p', String(port)],
      { NODE_ENV: 'production' },
    );
    expect(server.code).toBe(1);
    for (const name of [
      'NEXTAUTH_SECRET (unset)',
      'VOICE_BASE_URL (set)',
      'JOBS_CONCURRENCY (set)',
      'LOG_FORMAT (set)',
    ])
      expect(server.output).toContain(name);
    expect(server.output).toContain('accepts an http:// or https:// URL');
    expect(
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status,
        () => 'refused',
      ),
    ).toBe('refused');

    const start = await run(
      [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts', '--no-emulator'],
      { CONSOLE_PORT: 'eighty' },
    );
    expect(start.code).toBe(1);
    for (const name of ['CONSOLE_PORT (set)', 'VOICE_BASE_URL (set)', 'JOBS_CONCURRENCY (set)', 'LOG_FORMAT (set)'])
      expect(start.output).toContain(name);
    expect(start.output).not.toContain('building the console');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("next-auth's own sign-out route revokes the session: a copied cookie is refused and the grant revoked", async ({
  page,
  playwright,
}) => {
  await signIn(page, 'support@example.com', '/audit');
  const copied = (await page.context().cookies())
    .filter((cookie) => cookie.name.startsWith('next-auth.session-token'))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
  const other = await playwright.request.newContext({ baseURL: E2E_CONSOLE_URL });
  try {
    expect((await other.get('/audit', { headers: { cookie: copied }, maxRedirects: 0 })).status()).toBe(200);
    await emulatorControl('requests', { method: 'DELETE' });
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const signedOut = await page.request.post('/api/auth/signout', {
      form: { csrfToken, callbackUrl: E2E_CONSOLE_URL, json: 'true' },
    });
    expect(signedOut.status()).toBe(200);
    const after = await other.get('/audit', { headers: { cookie: copied }, maxRedirects: 0 });
    expect(after.status()).toBe(307);
    expect(after.headers().location).toContain('/signin');
  } finally {
    await other.dispose();
  }
  expect(
    (await emulatorRequests()).some(
      (entry) => entry.method === 'POST' && entry.path === '/oauth/revoke' && entry.status === 200,
    ),
  ).toBe(true);
});

test('paths that merely start like a build asset get the security headers', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  for (const target of ['/favicon.ico/x', '/favicon.icofoo/bar', '/_next/staticx', '/_next/imagex']) {
    const response = await page.request.get(target, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['content-security-policy'], target).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], target).toBe('DENY');
    expect(headers['x-content-type-options'], target).toBe('nosniff');
  }
});
