/** One schema over every setting: all problems at once, each with its name and what it accepts. */
import { describe, expect, it } from 'vitest';
import { settingsProblems, settingsReport } from '@/lib/server/settings-check';

const GOOD = { NEXTAUTH_SECRET: 'a-session-secret-0123456789' };

describe('the settings check', () => {
  it('accepts the defaults with a session secret', () => {
    expect(settingsProblems(GOOD)).toEqual([]);
  });

  it('lists every bad or missing value at once, by name, with what it accepts', () => {
    const problems = settingsProblems({
      VOICE_BASE_URL: 'not-a-url',
      JOBS_CONCURRENCY: 'many',
      LOG_FORMAT: 'xml',
      TRUSTED_PROXIES: '10.0.0.0/8, proxy.example',
      STUCK_SAMPLE_INTERVAL_MINUTES: '90',
      DATABASE_URL: 'mysql://db',
      CONSOLE_APPROVALS: 'maybe',
    });
    const text = problems.join('\n');
    expect(text).toMatch(/NEXTAUTH_SECRET \(unset\): .*accepts a value \(required\)/);
    expect(text).toMatch(/VOICE_BASE_URL \(set\): .*accepts an http:\/\/ or https:\/\/ URL/);
    expect(text).toMatch(/JOBS_CONCURRENCY \(set\): .*accepts a number/);
    expect(text).toMatch(/LOG_FORMAT \(set\): .*accepts one of json, pretty/);
    expect(text).toMatch(/TRUSTED_PROXIES \(set\): "proxy.example" is not an IP address or CIDR range/);
    expect(text).toMatch(/STUCK_SAMPLE_INTERVAL_MINUTES \(set\): .*at most 60/);
    expect(text).toMatch(/DATABASE_URL \(set\): DATABASE_URL must start with postgres/);
    expect(text).toMatch(/CONSOLE_APPROVALS \(set\): .*one of on, off/);
    expect(settingsReport(problems)).toMatch(/^The console cannot start: 8 settings are wrong/);
  });

  it('never prints a value, so a secret in the wrong setting does not reach the log', () => {
    const problems = settingsProblems({ ...GOOD, METRICS_TOKEN: 'short' });
    expect(problems.join('\n')).toMatch(/METRICS_TOKEN \(set\): at least 16 characters/);
    expect(problems.join('\n')).not.toContain('short');
  });
});
