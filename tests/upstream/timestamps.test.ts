/** A message time the service sends out of a Date's range is read as absent, never a time that throws. */
import { describe, expect, it } from 'vitest';
import { messageSchema } from '@/lib/upstream/contract';

const message = (times: Record<string, unknown>) => ({ id: 'm1', status: 'active', ...times });

describe('message times in the contract', () => {
  it('keeps times a Date can hold', () => {
    const parsed = messageSchema.parse(message({ message_ts: 1_763_800_000_000, last_updated_at: 0 }));
    expect(parsed).toMatchObject({ message_ts: 1_763_800_000_000, last_updated_at: 0 });
    expect(new Date(parsed.message_ts!).toISOString()).toBe('2025-11-22T08:26:40.000Z');
  });

  it.each([1e300, -1e300, 8.64e15 + 1])('reads %s as absent, so rendering it cannot throw', (value) => {
    const parsed = messageSchema.parse(message({ message_ts: value, last_updated_at: value }));
    expect(parsed.message_ts).toBeUndefined();
    expect(parsed.last_updated_at).toBeUndefined();
  });

  it('does not fail a list for one odd row', () => {
    const rows = messageSchema
      .array()
      .parse([message({ last_updated_at: 1e300 }), { ...message({ last_updated_at: 5 }), id: 'm2' }]);
    expect(rows.map((row) => row.last_updated_at)).toEqual([undefined, 5]);
  });
});
