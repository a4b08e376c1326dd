import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WAITING_SPECS } from '@/scripts/e2e-shards';
import { ROOT } from '@/scripts/settings';

const listedSuites = z.object({ suites: z.array(z.object({ file: z.string() })) });

/** The spec files a Playwright run of `specs` takes, in the order it runs them (listed, not run). */
function runOrder(specs: string[]): string[] {
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '--list', '--reporter=json', ...specs],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, E2E_CONSOLE_PORT: '3999', E2E_EMULATOR_PORT: '4999' } },
  );
  expect(result.status).toBe(0);
  return listedSuites.parse(JSON.parse(result.stdout)).suites.map((suite) => path.basename(suite.file));
}

describe('the order of the specs within a Playwright run', () => {
  it('takes the specs that mostly wait first, then the others by name', () => {
    const order = runOrder([
      'e2e/dashboard.spec.ts',
      'e2e/sessions.spec.ts',
      'e2e/approvals.spec.ts',
      'e2e/names.spec.ts',
    ]);
    expect(order).toEqual(['approvals.spec.ts', 'sessions.spec.ts', 'dashboard.spec.ts', 'names.spec.ts']);
    for (const name of order.slice(0, 2)) expect(WAITING_SPECS.has(name)).toBe(true);
  });
});
