import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightOutcomes, playwrightReportSchema, readReport, vitestOutcomes, vitestReportSchema } from '../../scripts/test-reports';

// Shapes as the two reporters write them (trimmed copies of real reports).
const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 0,
  testResults: [
    {
      name: '/repo/tests/jobs/runner.test.ts',
      status: 'failed',
      assertionResults: [
        { ancestorTitles: ['runner'], fullName: 'runner retries a 5xx', title: 'retries a 5xx', status: 'passed', failureMessages: [] },
        { ancestorTitles: ['runner'], fullName: 'runner 10% injected 5xx', title: '10% injected 5xx', status: 'failed', failureMessages: ['AssertionError: expected 3 to be 2\n    at runner.test.ts:140', 'AssertionError: expected 4 to be 2'] },
        // Passed on its retry: Vitest keeps the first attempt's error.
        { ancestorTitles: ['runner'], fullName: 'runner paces to a small rate limit', title: 'paces to a small rate limit', status: 'passed', failureMessages: ['AssertionError: expected 7 to be less than 6'] },
      ],
    },
    { name: '/repo/tests/csv.test.ts', status: 'passed', assertionResults: [{ fullName: 'quotes commas', status: 'passed' }] },
  ],
};

const playwrightReport = {
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'entities.spec.ts',
      file: 'entities.spec.ts',
      specs: [
        { title: 'reads go out in parallel', file: 'entities.spec.ts', line: 325, tests: [{ status: 'unexpected' }] },
        { title: 'lists users', file: 'entities.spec.ts', line: 40, tests: [{ status: 'expected' }] },
      ],
    },
    {
      title: 'auth.spec.ts',
      file: 'auth.spec.ts',
      specs: [],
      suites: [{ title: 'refresh', specs: [{ title: 'rotates', file: 'auth.spec.ts', line: 12, tests: [{ status: 'flaky' }] }, { title: 'signs out', file: 'auth.spec.ts', line: 30, tests: [{ status: 'expected' }] }] }],
    },
  ],
};

describe('test reports', () => {
  it('names the failed Vitest tests by file and full name with their first error line, and those that passed only on a retry', () => {
    expect(vitestOutcomes(vitestReportSchema.parse(vitestReport), '/repo')).toEqual({
      failed: ['tests/jobs/runner.test.ts › runner 10% injected 5xx: AssertionError: expected 3 to be 2'],
      flaky: ['tests/jobs/runner.test.ts › runner paces to a small rate limit'],
    });
  });

  it('names the failed and the flaky Playwright tests, nested suites included', () => {
    expect(playwrightOutcomes(playwrightReportSchema.parse(playwrightReport).suites)).toEqual({
      failed: ['entities.spec.ts:325 › reads go out in parallel'],
      flaky: ['auth.spec.ts:12 › rotates'],
    });
  });

  it('reads a report file, and gives null for a missing or foreign one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reports-'));
    const file = path.join(dir, 'vitest.json');
    expect(readReport(file, vitestReportSchema)).toBeNull();
    writeFileSync(file, JSON.stringify({ something: 'else' }));
    expect(readReport(file, vitestReportSchema)).toBeNull();
    writeFileSync(file, JSON.stringify(vitestReport));
    expect(readReport(file, vitestReportSchema)?.numFailedTests).toBe(1);
  });
});
