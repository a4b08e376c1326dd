/**
 * The probe's findings at unit level: F2 the proxy's matcher, F3 control characters in every
 * free-text input, F4 activity only from the console's own origin, F1 next-auth's own sign-out.
 */
import { describe, expect, it } from 'vitest';
import { addIncidentNoteAction, openIncidentAction } from '@/lib/actions/incidents';
import { approvalReasonSchema } from '@/lib/actions/approvals';
import { CONTROL_CHARACTER_MESSAGE } from '@/lib/free-text';
import { isOperatorActivity } from '@/lib/auth/background-request';
import { authOptions } from '@/lib/auth/options';
import { config } from '@/proxy';

/** Next compiles a matcher source into `^/...$` over the pathname; this is the same regex. */
function proxyRuns(pathname: string): boolean {
  const source = config.matcher[0]!.replace(/^\//, '');
  return new RegExp(`^/${source}$`).test(pathname);
}

function request(method: string, headers: Record<string, string>) {
  return { method, headers: new Headers(headers), cookies: { has: () => false } };
}

describe('F2: the proxy runs for every path the console renders', () => {
  it('skips exactly the build assets, the image endpoint and the icon', () => {
    for (const path of ['/favicon.ico/x', '/favicon.icofoo/bar', '/_next/staticx', '/_next/imagex', '/stuck'])
      expect(proxyRuns(path), path).toBe(true);
    for (const path of ['/favicon.ico', '/_next/static/chunks/app.js', '/_next/image'])
      expect(proxyRuns(path), path).toBe(false);
  });
});

describe('F3: control characters are refused with a field message', () => {
  it.each([
    [
      'an incident title',
      () =>
        openIncidentAction.input.safeParse({ title: 'db\u0000down', scope: { kind: 'status', status: 'processing' } }),
    ],
    [
      'an incident note',
      () =>
        addIncidentNoteAction.input.safeParse({
          incidentId: '0f8c2a9e-1111-4222-8333-444455556666',
          body: 'note\u0000',
        }),
    ],
    ['an approval reason', () => approvalReasonSchema.safeParse('INC-1\u001b[2J')],
  ])('%s', (_label, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(CONTROL_CHARACTER_MESSAGE);
  });

  it('keeps line breaks in a note and a reason', () => {
    expect(approvalReasonSchema.safeParse('INC-1\nsecond line').success).toBe(true);
  });
});

describe('F4: only requests from the console origin keep a session alive', () => {
  const origins = ['http://127.0.0.1:3000'];
  it('counts a same-origin POST, not one from a same-site page on another port', () => {
    expect(
      isOperatorActivity(request('POST', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }), origins),
    ).toBe(true);
    expect(
      isOperatorActivity(request('POST', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }), origins),
    ).toBe(false);
    expect(isOperatorActivity(request('POST', { 'sec-fetch-site': 'cross-site' }), origins)).toBe(false);
  });
  it('falls back to Origin where the browser sends no Fetch Metadata', () => {
    expect(isOperatorActivity(request('POST', { origin: 'http://127.0.0.1:3000' }), origins)).toBe(true);
    expect(isOperatorActivity(request('POST', { origin: 'http://127.0.0.1:8080' }), origins)).toBe(false);
    expect(isOperatorActivity(request('POST', {}), origins)).toBe(true);
  });
  it('does not count a navigation another site started', () => {
    expect(
      isOperatorActivity(request('GET', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }), origins),
    ).toBe(true);
    expect(
      isOperatorActivity(request('GET', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }), origins),
    ).toBe(false);
  });
});

describe("F1: next-auth's own sign-out ends the session for good", () => {
  it('has a sign-out event that revokes', () => {
    process.env.NEXTAUTH_SECRET ||= 'unit-test-secret-0123456789';
    expect(typeof authOptions().events?.signOut).toBe('function');
  });
});
