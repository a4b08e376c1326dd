/**
 * The JSON reports of Vitest and Playwright as `npm test` reads them (scripts/test.ts): the totals,
 * and the names of the tests that failed, printed again right above the totals line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const vitestReportSchema = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number().optional(),
  testResults: z
    .array(
      z.object({
        name: z.string(),
        /** `failed` also when every test passed but a hook (afterAll, say) or the file's import failed. */
        status: z.string().optional(),
        message: z.string().optional(),
        assertionResults: z.array(
          z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).default([]) }),
        ),
      }),
    )
    .default([]),
});

export interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; line?: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
const playwrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    title: z.string(),
    file: z.string().optional(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string().optional(),
          line: z.number().optional(),
          tests: z.array(z.object({ status: z.string() })),
        }),
      )
      .optional(),
    suites: z.array(playwrightSuiteSchema).optional(),
  }),
);
export const playwrightReportSchema = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  suites: z.array(playwrightSuiteSchema).default([]),
});

export type VitestReport = z.infer<typeof vitestReportSchema>;

/** Tests by outcome: failed, or passed only on a retry (`flaky`), each as `file › name`. */
export interface TestOutcomes {
  failed: string[];
  flaky: string[];
}

/** The first line of an error, so the name list stays one line per test. */
function firstLine(message: string): string {
  return message.split('\n', 1)[0]!.slice(0, 200);
}

/**
 * The Vitest tests that failed (with the first line of their error) and those that passed only on
 * a retry: Vitest reports a retried pass as passed, keeping the earlier attempts' errors.
 */
export function vitestOutcomes(report: VitestReport, root: string): TestOutcomes {
  const named = report.testResults.flatMap((file) =>
    file.assertionResults.map((result) => ({
      ...result,
      name: `${path.relative(root, file.name)} › ${result.fullName}`,
    })),
  );
  return {
    failed: named
      .filter((result) => result.status === 'failed')
      .map((result) =>
        result.failureMessages[0] ? `${result.name}: ${firstLine(result.failureMessages[0])}` : result.name,
      ),
    flaky: named
      .filter((result) => result.status === 'passed' && result.failureMessages.length > 0)
      .map((result) => result.name),
  };
}

/** The Vitest files that failed outside their tests (a hook, the import), with their error's first line. */
export function vitestFileFailures(report: VitestReport, root: string): string[] {
  return report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((result) => result.status === 'failed'))
    .map(
      (file) =>
        `${path.relative(root, file.name)}: ${file.message ? firstLine(file.message) : 'failed outside its tests'}`,
    );
}

const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** Where Vitest's output names an error that is in no test and no file: its banners of unhandled errors, and its pool's complaints about workers. */
const VITEST_ERROR_BANNER = /^⎯+ Unhandled (Errors?|Rejection) ⎯+$/;
const VITEST_POOL_ERROR = /^\[vitest-pool(-runner)?\]/;

/**
 * Vitest counts an error thrown outside any test (an unhandled rejection, a worker that would not
 * stop) only in its output, never in its JSON report: the lines that say what and where, each
 * banner with the next lines that name an error, where it was thrown and the file it came from, up
 * to `limit` lines.
 */
export function vitestErrorLines(output: string[], limit = 20): string[] {
  const found: string[] = [];
  let afterBanner = false;
  let afterError = false;
  for (const raw of output) {
    if (found.length >= limit) break;
    const line = raw.replace(ANSI_ESCAPE, '').trim();
    const isError = afterBanner && /^\w*Error\b/.test(line);
    if (VITEST_ERROR_BANNER.test(line)) {
      afterBanner = true;
      found.push(line.replace(/^⎯+ | ⎯+$/g, ''));
    } else if (VITEST_POOL_ERROR.test(line)) found.push(line);
    else if (isError || (afterBanner && line.startsWith('This error originated in'))) found.push(line);
    else if (afterError && line.startsWith('❯')) found.push(`at ${line.slice(1).trim()}`);
    else if (/^Test Files\b/.test(line)) afterBanner = false;
    afterError = isError;
  }
  return found.map((line) => line.slice(0, 200));
}

/** The Playwright tests that failed, and those that passed only on a retry, as `file:line › title`. */
export function playwrightOutcomes(suites: PlaywrightSuite[]): TestOutcomes {
  const specs = suites.flatMap(function flatten(suite): { name: string; statuses: string[] }[] {
    return [
      ...(suite.specs ?? []).map((spec) => ({
        name: `${spec.file ?? suite.file ?? suite.title}:${spec.line ?? 0} › ${spec.title}`,
        statuses: spec.tests.map((test) => test.status),
      })),
      ...(suite.suites ?? []).flatMap(flatten),
    ];
  });
  return {
    failed: specs.filter((spec) => spec.statuses.includes('unexpected')).map((spec) => spec.name),
    flaky: specs.filter((spec) => spec.statuses.includes('flaky')).map((spec) => spec.name),
  };
}

export function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}
