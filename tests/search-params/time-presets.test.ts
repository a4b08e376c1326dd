import { describe, expect, it } from 'vitest';
import { parseAuditFilters } from '@/lib/audit/filters';
import { isoSecond, timePresets } from '@/lib/search-params/date-presets';

describe('time presets (filters that take timestamps)', () => {
  it('the last hour ends at the next whole minute; today and 7 days are UTC days', () => {
    const now = Date.parse('2026-11-24T03:41:27.500Z');
    expect(timePresets(now)).toEqual([
      { id: 'hour', label: 'Last hour', from: '2026-11-24T02:42:00Z', to: '2026-11-24T03:42:00Z' },
      { id: 'today', label: 'Today', from: '2026-11-24', to: '2026-11-24' },
      { id: '7d', label: 'Last 7 days', from: '2026-11-18', to: '2026-11-24' },
    ]);
  });

  it('an instant on a whole minute ends the hour there', () => {
    const [hour] = timePresets(Date.parse('2026-11-24T00:30:00Z'));
    expect(hour).toMatchObject({ from: '2026-11-23T23:30:00Z', to: '2026-11-24T00:30:00Z' });
  });

  it('writes an instant to the second, in UTC', () => {
    expect(isoSecond(Date.parse('2026-02-03T04:05:06.789+02:00'))).toBe('2026-02-03T02:05:06Z');
  });

  it('every preset is a range the audit filters accept', () => {
    for (const preset of timePresets(Date.parse('2026-11-24T03:41:27Z'))) {
      const parsed = parseAuditFilters(new URLSearchParams({ from: preset.from, to: preset.to }));
      expect(parsed.ok, preset.id).toBe(true);
    }
  });
});
