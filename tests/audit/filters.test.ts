import { describe, expect, it } from 'vitest';
import { parseAuditFilters } from '@/lib/audit/log';

describe('parseAuditFilters', () => {
  it('reads every filter from URL search params, ignoring other parameters and empty fields', () => {
    const params = new URLSearchParams(
      'operator=ops%40&action=message.&target=m-1&outcome=failed&from=2026-11-20T10:30:00%2B02:00&to=2026-11-21&page=3&sort=x&extra=',
    );
    expect(parseAuditFilters(params)).toEqual({
      ok: true,
      filters: {
        operator: 'ops@',
        action: 'message.',
        target: 'm-1',
        outcome: 'failed',
        from: new Date('2026-11-20T08:30:00Z'),
        // A date as the (exclusive) end means through that whole day.
        to: new Date('2026-11-22T00:00:00Z'),
      },
    });
    expect(parseAuditFilters(new URLSearchParams('operator=&outcome=&from='))).toEqual({ ok: true, filters: {} });
  });

  it('reads a page searchParams record, taking the first of repeated values', () => {
    expect(
      parseAuditFilters({
        outcome: ['denied', 'ok'],
        action: ' user.set_verified ',
        from: '2026-11-20',
        to: undefined,
      }),
    ).toEqual({
      ok: true,
      filters: { outcome: 'denied', action: 'user.set_verified', from: new Date('2026-11-20T00:00:00Z') },
    });
  });

  it('takes a date-time without an offset as UTC', () => {
    expect(parseAuditFilters({ from: '2026-11-20T10:30' })).toEqual({
      ok: true,
      filters: { from: new Date('2026-11-20T10:30:00Z') },
    });
  });

  it('names each bad parameter instead of throwing', () => {
    expect(
      parseAuditFilters({ outcome: 'exploded', from: 'yesterday', to: '2026-02-31', target: 'x'.repeat(300) }),
    ).toEqual({
      ok: false,
      errors: {
        outcome: ['outcome must be one of pending, ok, failed, denied, invalid'],
        from: ['from must be a date (2026-11-22) or an ISO date-time (2026-11-22T10:30:00Z)'],
        to: ['to must be a date (2026-11-22) or an ISO date-time (2026-11-22T10:30:00Z)'],
        target: ['target must be at most 256 characters'],
      },
    });
  });

  it('refuses dates the database cannot hold, naming them', () => {
    expect(parseAuditFilters({ from: '0000-01-01', to: '9999-12-31' })).toEqual({
      ok: false,
      errors: {
        from: ['from must be between the years 0001 and 9999'],
        to: ['to must be between the years 0001 and 9999'],
      },
    });
    expect(parseAuditFilters({ from: '0001-01-01', to: '9999-12-30' })).toMatchObject({ ok: true });
  });

  it('refuses a range that ends before it starts', () => {
    expect(parseAuditFilters({ from: '2026-11-21T00:00:00Z', to: '2026-11-20T00:00:00Z' })).toEqual({
      ok: false,
      errors: { to: ['to must be later than from'] },
    });
  });
});
