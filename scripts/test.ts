/**
 * `npm test`: installs the Debian packages the tests need (or stops at once saying how), then
 * type-check, lint, Vitest, then Playwright in Chromium against a freshly started emulator and
 * console. Runs every stage even when one fails, and ends with one line
 * `N passed, N failed` totalling the Vitest and Playwright tests (a failed type-check or lint
 * counts as one failure each).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT } from './settings';
import { ensureSystemPackages } from './system-packages';

const REPORTS = path.join(ROOT, '.data', 'reports');

function run(label: string, command: string, args: string[]): Promise<number> {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const vitestReportSchema = z.object({ numPassedTests: z.number(), numFailedTests: z.number(), numPendingTests: z.number().optional() });
const playwrightReportSchema = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
});

function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

async function main(): Promise<void> {
  const cannotRun = ensureSystemPackages();
  if (cannotRun) {
    console.log(`\nnpm test cannot run: ${cannotRun}`);
    console.log('\n0 passed, 1 failed');
    process.exitCode = 1;
    return;
  }
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
  let passed = 0;
  let failed = 0;
  let skipped = 0;

  for (const [label, command, args] of [
    ['type-check', bin('tsc'), ['--noEmit']],
    ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ] as const) {
    const code = await run(label, command, [...args]);
    if (code !== 0) {
      console.log(`${label} failed`);
      failed++;
    }
  }

  const vitestFile = path.join(REPORTS, 'vitest.json');
  const vitestCode = await run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
  const vitest = readReport(vitestFile, vitestReportSchema);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests ?? 0;
  }
  if (vitestCode !== 0 && (!vitest || vitest.numFailedTests === 0)) failed++;

  const playwrightFile = path.join(REPORTS, 'playwright.json');
  const playwrightCode = await run('playwright', bin('playwright'), ['test']);
  const playwright = readReport(playwrightFile, playwrightReportSchema);
  if (playwright) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected + playwright.stats.flaky;
    skipped += playwright.stats.skipped;
  }
  if (playwrightCode !== 0 && (!playwright || playwright.stats.unexpected === 0)) failed++;

  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

void main();
