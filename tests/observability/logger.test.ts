/** The one logger: JSON lines with level, time and message, the request's id and operator, never a credential. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine } from '@/lib/observability/logger';
import { requestContextStorage } from '@/lib/observability/request-context';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ stream, level: 'info', format: 'json' }) };
}

describe('the console logger', () => {
  it('writes one JSON line with level, time, message, request id and operator', async () => {
    const { lines, logger } = capture();
    await requestContextStorage().run(
      { requestId: 'req-12345678', peer: '127.0.0.1', operatorId: 'usr_42' },
      async () => {
        logger
          .child({ component: 'service' })
          .info(
            { operation: 'GET /admin/ra/messages', status: 200, durationMs: 12, serviceRequestId: 'svc-1' },
            'service call',
          );
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'service call',
      requestId: 'req-12345678',
      operatorId: 'usr_42',
      component: 'service',
      operation: 'GET /admin/ra/messages',
      status: 200,
      serviceRequestId: 'svc-1',
    });
    expect(typeof entry.time).toBe('string');
  });

  it('never writes a token, cookie or secret, at any depth it is given', async () => {
    const { lines, logger } = capture();
    logger.info(
      {
        accessToken: 'AT-SECRET-1',
        token: { refreshToken: 'RT-SECRET-2' },
        headers: { authorization: 'Bearer AT-SECRET-3', cookie: 'next-auth.session-token=COOKIE-SECRET-4' },
        settings: { NEXTAUTH_SECRET: 'NA-SECRET-5', client_secret: 'CS-SECRET-6' },
        session: { nested: { password: 'PW-SECRET-7' } },
      },
      'with secrets',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const text = lines.join('\n');
    expect(text).toContain('with secrets');
    for (const secret of [
      'AT-SECRET-1',
      'RT-SECRET-2',
      'AT-SECRET-3',
      'COOKIE-SECRET-4',
      'NA-SECRET-5',
      'CS-SECRET-6',
      'PW-SECRET-7',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it("censors an error's own fields and values nested deep, and leaves the caller's objects as they were", async () => {
    const { lines, logger } = capture();
    const failure = Object.assign(new Error('the service refused'), {
      response: { headers: { authorization: 'Bearer ERR-SECRET-1' } },
    });
    const logged = { request: { steps: [{ call: { headers: { cookie: 'DEEP-SECRET-2' } } }] }, kept: 'visible' };
    logger.child({ component: 'jobs' }).error({ err: failure, ...logged }, 'failed');
    await new Promise((resolve) => setImmediate(resolve));
    const text = lines.join('\n');
    expect(text).toContain('the service refused');
    expect(text).toContain('visible');
    for (const secret of ['ERR-SECRET-1', 'DEEP-SECRET-2']) expect(text).not.toContain(secret);
    expect(logged.request.steps[0]!.call.headers.cookie).toBe('DEEP-SECRET-2');
    expect(failure.response.headers.authorization).toBe('Bearer ERR-SECRET-1');
  });

  it('reads as one line per entry in the pretty format', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 'warn',
        time: '2026-11-27T10:11:12.000Z',
        msg: 'lost a claim',
        component: 'jobs',
        jobId: 'j1',
        pid: 1,
      }),
    );
    expect(line).toBe('10:11:12 WARN  [jobs] lost a claim jobId=j1\n');
  });
});
