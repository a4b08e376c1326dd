import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CONSOLE_OLD_SPACE_MB, CONSOLE_SEMI_SPACE_MB, consoleNodeFlags } from '@/scripts/console-runtime';

describe("the console server's Node.js flags", () => {
  it('caps the old generation and sets the semi-spaces by default, also when the setting is empty', () => {
    const defaults = [`--max-old-space-size=${CONSOLE_OLD_SPACE_MB}`, `--max-semi-space-size=${CONSOLE_SEMI_SPACE_MB}`];
    expect(consoleNodeFlags({})).toEqual(defaults);
    expect(consoleNodeFlags({ CONSOLE_NODE_FLAGS: '  ' })).toEqual(defaults);
  });

  it('takes CONSOLE_NODE_FLAGS instead, or none at all', () => {
    expect(consoleNodeFlags({ CONSOLE_NODE_FLAGS: ' --max-old-space-size=1024  --trace-gc ' })).toEqual([
      '--max-old-space-size=1024',
      '--trace-gc',
    ]);
    expect(consoleNodeFlags({ CONSOLE_NODE_FLAGS: 'none' })).toEqual([]);
  });

  it('are flags this Node.js accepts, and set the heap limit it reports', () => {
    const script = "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))";
    const run = (flags: string[]) =>
      spawnSync(process.execPath, [...flags, '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
    const capped = run(consoleNodeFlags({}));
    expect(capped.status, capped.stderr).toBe(0);
    const limitMb = Number(capped.stdout) / 1024 / 1024;
    // The limit is the old generation plus the young one (three semi-spaces at most).
    expect(limitMb).toBeGreaterThanOrEqual(CONSOLE_OLD_SPACE_MB);
    expect(limitMb).toBeLessThanOrEqual(CONSOLE_OLD_SPACE_MB + 3 * CONSOLE_SEMI_SPACE_MB);
    expect(Number(run([]).stdout) / 1024 / 1024).toBeGreaterThan(limitMb);
  });
});
