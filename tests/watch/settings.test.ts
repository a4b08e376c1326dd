/** WATCH_RULES_INTERVAL_SECONDS: read leniently where it is used, checked strictly at start. */
import { describe, expect, it } from 'vitest';
import { settingsProblems } from '@/lib/server/settings-check';
import { DEFAULT_WATCH_INTERVAL_SECONDS, watchIntervalSeconds } from '@/lib/watch/settings';

describe('the watch rules interval', () => {
  it('defaults to a minute and takes whole seconds from 5', () => {
    expect(watchIntervalSeconds({})).toBe(DEFAULT_WATCH_INTERVAL_SECONDS);
    expect(watchIntervalSeconds({ WATCH_RULES_INTERVAL_SECONDS: '5' })).toBe(5);
    expect(watchIntervalSeconds({ WATCH_RULES_INTERVAL_SECONDS: '2' })).toBe(DEFAULT_WATCH_INTERVAL_SECONDS);
  });

  it('stops the start on a value below 5 seconds, naming the setting', () => {
    const watchProblems = (value: string) =>
      settingsProblems({ ...process.env, WATCH_RULES_INTERVAL_SECONDS: value }).filter((line) =>
        line.startsWith('WATCH_'),
      );
    expect(watchProblems('2')).toEqual([expect.stringMatching(/^WATCH_RULES_INTERVAL_SECONDS \(set\): .*at least 5/)]);
    expect(watchProblems('60')).toEqual([]);
  });
});
