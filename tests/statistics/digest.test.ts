/**
 * The digest: its arguments, its formats, and runs against the in-process emulator (small
 * preset) with the machine client, whose totals must equal the service's own; with nothing
 * listening it exits 1 with one line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceCredential } from '@/lib/jobs/runner';
import {
  buildDigest,
  digestExitCode,
  parseDigestArgs,
  renderMarkdown,
  renderSlack,
  type Digest,
} from '@/lib/statistics/digest';
import { lastCompleteDays } from '@/lib/statistics/days';
import { reviewStatistics } from '@/lib/statistics/review';
import { UpstreamClient } from '@/lib/upstream/client';
import { getDailyMessageStatistics } from '@/lib/upstream/statistics';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import type { RunningEmulator } from '../../emulator/server';
import { runDigest } from '../../scripts/stats-digest';
import { startTestEmulator } from '../support/emulator';

describe('digest arguments', () => {
  it('reads defaults, both flag forms, and every option', () => {
    expect(parseDigestArgs([])).toEqual({
      ok: true,
      args: { days: 7, format: 'md', out: null, webhook: null, timeZone: 'UTC' },
    });
    expect(
      parseDigestArgs([
        '--days',
        '30',
        '--format=slack',
        '--out',
        '/tmp/d.json',
        '--webhook',
        'https://hooks.example/x',
        '--tz',
        'Europe/Paris',
      ]),
    ).toEqual({
      ok: true,
      args: {
        days: 30,
        format: 'slack',
        out: '/tmp/d.json',
        webhook: 'https://hooks.example/x',
        timeZone: 'Europe/Paris',
      },
    });
  });

  it.each([
    [['--days', '0'], '--days must be 1 to 365'],
    [['--days', 'seven'], '--days must be a whole number'],
    [['--format', 'html'], '--format must be md, json or slack'],
    [['--webhook', 'ftp://x.example'], '--webhook must be an http(s) URL'],
    [['--tz', 'Mars/Olympus'], '--tz must be UTC or an IANA time zone such as Europe/Paris'],
    [['--days'], '--days needs a value'],
    [['--days', '--format', 'md'], '--days needs a value'],
    [['--days', '7', '--days', '8'], '--days is given twice'],
    [['7'], 'unknown argument "7"'],
    [['--verbose'], 'unknown argument "--verbose"'],
  ])('refuses %j', (argv, message) => {
    const parsed = parseDigestArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('digest formats', () => {
  const raw = Array.from({ length: 40 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
    const statuses = { active: 40, failed: index === 38 ? 30 : 1, '<!channel>|x': 1 };
    return { date, total: 42, statuses };
  });
  const now = Date.UTC(2026, 1, 10, 6);
  const digest: Digest = buildDigest(
    reviewStatistics(raw, { range: { from: '2026-02-03', to: '2026-02-09' }, timeZone: 'UTC', now }),
    {
      generatedAt: new Date(now),
      link: 'https://console.example/statistics?from=2026-02-03&to=2026-02-09',
    },
  );

  it('writes the period, the totals, the anomalies and the link', () => {
    expect(digest.period).toEqual({ from: '2026-02-03', to: '2026-02-09', days: 7 });
    expect(digest.anomalies).toEqual([expect.objectContaining({ date: '2026-02-08', status: 'failed', value: 30 })]);
    const markdown = renderMarkdown(digest);
    expect(markdown).toContain('| failed | 36 | 7 | +29 (+414.3%) (worse) |');
    expect(markdown).toContain('- 2026-02-08: failed: 30 messages, above the 28-day median of 1');
    expect(markdown).toContain('On the console: https://console.example/statistics?from=2026-02-03&to=2026-02-09');
  });

  it('exits 2 with an anomaly and 0 without one', () => {
    expect(digestExitCode(digest)).toBe(2);
    const flat = raw.map((day) => ({ ...day, statuses: { ...day.statuses, failed: 1 } }));
    const calm = buildDigest(
      reviewStatistics(flat, { range: { from: '2026-02-03', to: '2026-02-09' }, timeZone: 'UTC', now }),
      { generatedAt: new Date(now), link: null },
    );
    expect(calm.anomalies).toEqual([]);
    expect(digestExitCode(calm)).toBe(0);
  });

  it('escapes service text: no table break in Markdown, no mention in Slack', () => {
    expect(renderMarkdown(digest)).toContain('| \\<\\!channel\\>\\|x | 7 | 7 | 0 |');
    const slack = renderSlack(digest);
    expect(slack.text).not.toContain('<!channel>');
    expect(slack.text).toContain(
      '<https://console.example/statistics?from=2026-02-03&to=2026-02-09|Open the statistics page>',
    );
  });
});

describe('digest against the emulator', () => {
  let emulator: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = {
      VOICE_BASE_URL: emulator.url,
      VOICE_TOKEN_URL: `${emulator.url}/oauth/token`,
      VOICE_JOBS_CLIENT_ID: BENCH_CLIENT_ID,
      VOICE_JOBS_CLIENT_SECRET: emulator.config.benchClientSecret,
    };
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  async function run(argv: string[], overrides: Record<string, string> = {}) {
    let stdout = '';
    const stderr: string[] = [];
    const code = await runDigest(argv, {
      env: { ...env, ...overrides },
      stdout: (text) => (stdout += text),
      stderr: (line) => stderr.push(line),
    });
    return { code, stdout, stderr };
  }

  it('writes totals equal to the service own counts for the period, and exits 0 or 2 by its anomalies', async () => {
    const result = await run(['--days', '30', '--format', 'json']);
    expect(result.stderr).toEqual([]);
    const digest = JSON.parse(result.stdout) as Digest;

    const { accessToken } = await createServiceCredential({
      tokenUrl: env.VOICE_TOKEN_URL!,
      clientId: BENCH_CLIENT_ID,
      clientSecret: env.VOICE_JOBS_CLIENT_SECRET!,
    }).token();
    const service = await getDailyMessageStatistics(
      new UpstreamClient({ baseUrl: emulator.url, accessToken, log: () => {} }),
    );
    const range = lastCompleteDays(30, Date.now());
    // The anomalies and the exit code follow from the service's own days, read here apart from the digest.
    const expected = reviewStatistics(service, { range, timeZone: 'UTC', now: Date.now() }).anomalies.anomalies;
    expect(digest.anomalies).toEqual(
      expected.map(({ date, measure, status, value, direction, reason }) => ({
        date,
        measure,
        status,
        value,
        direction,
        reason,
      })),
    );
    expect(result.code).toBe(expected.length > 0 ? 2 : 0);
    const inRange = service.filter((day) => day.date >= range.from && day.date <= range.to);
    expect(digest.period).toEqual({ ...range, days: 30 });
    expect(digest.totals.current).toBe(inRange.reduce((sum, day) => sum + day.total, 0));
    expect(digest.totals.current).toBeGreaterThan(0);
    for (const row of digest.statuses)
      expect(row.current).toBe(inRange.reduce((sum, day) => sum + (day.statuses[row.status] ?? 0), 0));
  });

  it('is served days in a zone when it asks (the tz assumption), with the same messages', async () => {
    const { accessToken } = await createServiceCredential({
      tokenUrl: env.VOICE_TOKEN_URL!,
      clientId: BENCH_CLIENT_ID,
      clientSecret: env.VOICE_JOBS_CLIENT_SECRET!,
    }).token();
    const client = new UpstreamClient({ baseUrl: emulator.url, accessToken, log: () => {} });
    const utc = await getDailyMessageStatistics(client);
    const tokyo = await getDailyMessageStatistics(client, { timeZone: 'Asia/Tokyo' });
    const sum = (days: typeof utc) => days.reduce((total, day) => total + day.total, 0);
    expect(sum(tokyo)).toBe(sum(utc));
    expect(tokyo.map((day) => day.statuses)).not.toEqual(utc.map((day) => day.statuses));
    await expect(getDailyMessageStatistics(client, { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      kind: 'bad_request',
      status: 400,
    });
  });

  it('writes Markdown to a file and Slack JSON to a webhook', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'digest-')), 'digest.md');
    const file = await run(['--out', out]);
    expect(file.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toMatch(/^# Message statistics digest\n/);

    const received: { type: string | undefined; body: string }[] = [];
    const hook: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ type: req.headers['content-type'], body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const posted = await run(['--format', 'slack', '--webhook', url]);
      expect(posted.stderr).toEqual([]);
      expect(received).toHaveLength(1);
      expect(received[0]!.type).toBe('application/json');
      expect(JSON.parse(received[0]!.body)).toEqual({ text: expect.stringContaining('*Message statistics digest*') });
    } finally {
      hook.close();
    }
  });

  it('exits 1 with one line for refused credentials and bad arguments', async () => {
    const refused = await run([], { VOICE_JOBS_CLIENT_SECRET: 'wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toHaveLength(1);
    expect(refused.stderr[0]).toMatch(
      /^stats:digest: The token endpoint refused the jobs machine credential .*invalid_client/,
    );
    const bad = await run(['--format', 'pdf']);
    expect(bad).toEqual({ code: 1, stdout: '', stderr: ['stats:digest: --format must be md, json or slack'] });
  });
});

describe('digest as a command', () => {
  it('exits 1 with one line on stderr when the service is down', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'scripts/stats-digest.ts', '--days', '7'],
        {
          env: {
            ...process.env,
            VOICE_BASE_URL: `http://127.0.0.1:${port}`,
            VOICE_TOKEN_URL: `http://127.0.0.1:${port}/oauth/token`,
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^stats:digest: Could not reach the token endpoint http:\/\/127\.0\.0\.1:\d+\/oauth\/token: .*Check VOICE_TOKEN_URL\.$/,
    );
  });
});
