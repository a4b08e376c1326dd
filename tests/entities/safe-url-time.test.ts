import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '@/lib/safe-url';
import { formatDuration, formatLocal, formatUtc, toInstant, utcDayEnd, utcDayStart } from '@/lib/time';
import { revealInvisible } from '@/lib/visible-text';

describe('safeHttpUrl', () => {
  it.each([
    'https://images.example.com/a.png',
    'http://example.com',
    'HTTPS://Example.com/x?y=1#z',
    '  https://example.com/  ',
  ])('accepts %j', (value) => {
    expect(safeHttpUrl(value)).toMatch(/^https?:\/\//);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(document.cookie)</script>',
    'vbscript:msgbox(1)',
    '//evil.example.com/x',
    '/relative/path',
    'https:/missing-slash',
    'http://',
    'ftp://example.com/file',
    'mailto:a@example.com',
    '',
    null,
    42,
    { href: 'https://example.com' },
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});

describe('time helpers', () => {
  const instant = Date.UTC(2026, 10, 22, 5, 42, 56);

  it('reads ISO strings, epoch milliseconds and epoch seconds as the same instant', () => {
    expect(toInstant('2026-11-22T05:42:56.000Z', 'iso-datetime')?.getTime()).toBe(instant);
    expect(toInstant(instant, 'epoch-ms')?.getTime()).toBe(instant);
    expect(toInstant(instant / 1000, 'epoch-s')?.getTime()).toBe(instant);
  });

  it('reads ISO times without an offset as UTC, whatever the server time zone, and dates as UTC midnight', () => {
    expect(toInstant('2026-11-22T05:42:56', 'iso-datetime')?.getTime()).toBe(instant);
    expect(toInstant('2026-11-22T07:42:56+02:00', 'iso-datetime')?.getTime()).toBe(instant);
    expect(toInstant('2026-11-22', 'iso-datetime')?.getTime()).toBe(Date.UTC(2026, 10, 22));
  });

  it('reads garbage as no time', () => {
    expect(toInstant('yesterday-ish', 'iso-datetime')).toBeNull();
    // Date.parse would read these as 2001-01-01 and 2001-03-01.
    expect(toInstant('1', 'iso-datetime')).toBeNull();
    expect(toInstant('Pending 3', 'iso-datetime')).toBeNull();
    expect(toInstant('', 'iso-datetime')).toBeNull();
    expect(toInstant(null, 'epoch-ms')).toBeNull();
    expect(toInstant('1795300000000', 'epoch-ms')).toBeNull();
    expect(toInstant(1e20, 'epoch-ms')).toBeNull();
  });

  it('formats UTC and a named time zone', () => {
    const date = new Date(instant);
    expect(formatUtc(date)).toBe('2026-11-22 05:42:56 UTC');
    expect(formatLocal(date, 'Asia/Tokyo')).toMatch(/22 Nov 2026.*14:42:56.*GMT\+9/);
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(42_400)).toBe('0:42');
    expect(formatDuration(725_000)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration('5')).toBeNull();
  });

  it('bounds UTC days', () => {
    expect(utcDayStart('2026-11-01')).toBe(Date.UTC(2026, 10, 1));
    expect(utcDayEnd('2026-11-30')).toBe(Date.UTC(2026, 11, 1));
    expect(utcDayStart('2026-02-30')).toBeNull();
    expect(utcDayStart('2026-1-1')).toBeNull();
  });
});

describe('revealInvisible', () => {
  it('marks bidirectional overrides and zero-width characters', () => {
    expect(revealInvisible('Levi \u202Egnp.exe')).toEqual([
      { text: 'Levi ' },
      { codePoint: 'U+202E' },
      { text: 'gnp.exe' },
    ]);
    expect(revealInvisible('Zero\u200BWidth')).toEqual([{ text: 'Zero' }, { codePoint: 'U+200B' }, { text: 'Width' }]);
    expect(revealInvisible('\u2066x\u2069')).toEqual([{ codePoint: 'U+2066' }, { text: 'x' }, { codePoint: 'U+2069' }]);
  });

  it('leaves ordinary text, right-to-left scripts and emoji alone', () => {
    expect(revealInvisible('مريم العلي')).toEqual([{ text: 'مريم العلي' }]);
    expect(revealInvisible('Fan 👩🏽‍💻🚀')).toEqual([{ text: 'Fan 👩🏽‍💻🚀' }]);
    expect(revealInvisible('')).toEqual([]);
  });
});
