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
    .array(z.object({ name: z.string(), assertionResults: z.array(z.object({ fullName: z.string(), status: z.string() })) }))
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
    specs: z.array(z.object({ title: z.string(), file: z.string().optional(), line: z.number().optional(), tests: z.array(z.object({ status: z.string() })) })).optional(),
    suites: z.array(playwrightSuiteSchema).optional(),
  }),
);
export const playwrightReportSchema = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  suites: z.array(playwrightSuiteSchema).default([]),
});

export type VitestReport = z.infer<typeof vitestReportSchema>;

/** The Vitest tests that failed, as `file › name` (the repository-relative file). */
export function vitestFailures(report: VitestReport, root: string): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.filter((result) => result.status === 'failed').map((result) => `${path.relative(root, file.name)} › ${result.fullName}`),
  );
}

/** The Playwright tests that failed or passed only on a retry, as `file:line › title`. */
export function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected' || test.status === 'flaky'))
      .map((spec) => `${spec.file ?? suite.file ?? suite.title}:${spec.line ?? 0} › ${spec.title}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

export function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}
