import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownProcessFiles, ownProcessReason } from '@/tests/support/own-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('which test files run in a process of their own', () => {
  it('gives one to a file that sets the environment, mocks, or reaches process-wide state', () => {
    for (const source of [
      "process.env.NEXTAUTH_SECRET = 'x';",
      "process.env['DATABASE_URL'] = '';",
      "process.env.NEXTAUTH_SECRET ??= 'x';",
      'Object.assign(process.env, { A: "1" });',
      'delete process.env.DATABASE_URL;',
      'process.env = saved;',
      "vi.stubEnv('A', '1');",
      "vi.mock('@/lib/db');",
      'vi.resetModules();',
      'vi.useFakeTimers();',
      "vi.spyOn(process.stdout, 'write');",
      'const holder = globalThis as typeof globalThis;',
      "import { metrics } from '@/lib/observability/metrics';",
      "import { installHttpHook } from '@/lib/observability/http-server';",
    ])
      expect(ownProcessReason(source), source).not.toBeNull();
  });

  it('lets a file that only reads the environment share its process', () => {
    for (const source of [
      'const url = process.env.TEST_DATABASE_URL;',
      "if (process.env.CI === '1') skip();",
      'spawnSync(cmd, { env: { ...process.env, PORT: "1" } });',
      "import { describe, expect, it, vi } from 'vitest';",
    ])
      expect(ownProcessReason(source), source).toBeNull();
  });

  it('classifies the files a shared process broke, and leaves the job engine shared', () => {
    const files = ownProcessFiles(ROOT);
    for (const file of [
      'tests/auth/auth.test.ts',
      'tests/auth/refresh-coordination.test.ts',
      'tests/export/route.test.ts',
      'tests/observability/metrics.test.ts',
    ])
      expect(files).toContain(file);
    expect(files).not.toContain('tests/jobs/runner.test.ts');
    expect(ownProcessReason(readFileSync(path.join(ROOT, 'tests/jobs/runner.test.ts'), 'utf8'))).toBeNull();
  });
});
