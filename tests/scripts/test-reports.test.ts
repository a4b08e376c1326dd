import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  playwrightOutcomes,
  playwrightReportSchema,
  readReport,
  vitestErrorLines,
  vitestFileFailures,
  vitestOutcomes,
  vitestReportSchema,
} from '../../scripts/test-reports';

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
        {
          ancestorTitles: ['runner'],
          fullName: 'runner retries a 5xx',
          title: 'retries a 5xx',
          status: 'passed',
          failureMessages: [],
        },
        {
          ancestorTitles: ['runner'],
          fullName: 'runner 10% injected 5xx',
          title: '10% injected 5xx',
          status: 'failed',
          failureMessages: [
            'AssertionError: expected 3 to be 2\n    at runner.test.ts:140',
            'AssertionError: expected 4 to be 2',
          ],
        },
        // Passed on its retry: Vitest keeps the first attempt's error.
        {
          ancestorTitles: ['runner'],
          fullName: 'runner paces to a small rate limit',
          title: 'paces to a small rate limit',
          status: 'passed',
          failureMessages: ['AssertionError: expected 7 to be less than 6'],
        },
      ],
    },
    {
      name: '/repo/tests/csv.test.ts',
      status: 'passed',
      assertionResults: [{ fullName: 'quotes commas', status: 'passed' }],
    },
    // Every test passed, its afterAll threw.
    {
      name: '/repo/tests/db/drivers.test.ts',
      status: 'failed',
      message: 'afterAll boom\n    at drivers.test.ts:2',
      assertionResults: [{ fullName: 'opens', status: 'passed' }],
    },
  ],
};

// Vitest 4's default reporter on an unhandled rejection, colours and all (from a real run).
const ESC = String.fromCharCode(27);
const unhandledOutput = `${ESC}[2m Test Files ${ESC}[22m ${ESC}[1m${ESC}[32m1 passed${ESC}[39m
${ESC}[31m⎯⎯⎯⎯⎯⎯${ESC}[39m${ESC}[1m${ESC}[41m Unhandled Errors ${ESC}[49m${ESC}[22m${ESC}[31m⎯⎯⎯⎯⎯⎯${ESC}[39m
${ESC}[31m${ESC}[1m
Vitest caught 1 unhandled error during the test run.
This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.${ESC}[22m${ESC}[39m

${ESC}[31m⎯⎯⎯⎯${ESC}[39m${ESC}[1m${ESC}[41m Unhandled Rejection ${ESC}[49m${ESC}[22m${ESC}[31m⎯⎯⎯⎯⎯${ESC}[39m
${ESC}[31m${ESC}[1mError${ESC}[22m: leaked rejection${ESC}[39m
${ESC}[36m ${ESC}[2m❯${ESC}[22m b.test.ts:${ESC}[2m2:52${ESC}[22m${ESC}[39m
    ${ESC}[90m  1|${ESC}[39m ${ESC}[35mimport${ESC}[39m { it${ESC}[33m,${ESC}[39m expect } ${ESC}[35mfrom${ESC}[39m ${ESC}[32m'vitest'${ESC}[39m${ESC}[33m;${ESC}[39m
${ESC}[90m ${ESC}[2m❯${ESC}[22m ../node_modules/@vitest/runner/dist/chunk-artifact.js:${ESC}[2m302:11${ESC}[22m${ESC}[39m

${ESC}[31mThis error originated in "${ESC}[1mb.test.ts${ESC}[22m" test file. It doesn't mean the error was thrown inside the file itself, but while it was running.${ESC}[39m
${ESC}[31m⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯${ESC}[39m

${ESC}[2m Test Files ${ESC}[22m ${ESC}[1m${ESC}[32m2 passed${ESC}[39m${ESC}[22m${ESC}[90m (2)${ESC}[39m
${ESC}[2m     Errors ${ESC}[22m ${ESC}[1m${ESC}[31m1 error${ESC}[39m${ESC}[22m
Error: printed by a test, after the summary`;

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
      suites: [
        {
          title: 'refresh',
          specs: [
            { title: 'rotates', file: 'auth.spec.ts', line: 12, tests: [{ status: 'flaky' }] },
            { title: 'signs out', file: 'auth.spec.ts', line: 30, tests: [{ status: 'expected' }] },
          ],
        },
      ],
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

  it('names the files that failed outside their tests, with their error', () => {
    expect(vitestFileFailures(vitestReportSchema.parse(vitestReport), '/repo')).toEqual([
      'tests/db/drivers.test.ts: afterAll boom',
    ]);
  });

  it("takes from Vitest's output the unhandled errors it counts in no report: what, where, and from which file", () => {
    expect(vitestErrorLines(unhandledOutput.split('\n'))).toEqual([
      'Unhandled Errors',
      'Unhandled Rejection',
      'Error: leaked rejection',
      'at b.test.ts:2:52',
      'This error originated in "b.test.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.',
    ]);
    expect(
      vitestErrorLines(
        ['[vitest-pool]: Timeout terminating forks worker for test files a.test.ts.', ...unhandledOutput.split('\n')],
        3,
      ),
    ).toEqual([
      '[vitest-pool]: Timeout terminating forks worker for test files a.test.ts.',
      'Unhandled Errors',
      'Unhandled Rejection',
    ]);
    expect(vitestErrorLines(['Error: not after a banner', ' Test Files  3 passed (3)'])).toEqual([]);
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
