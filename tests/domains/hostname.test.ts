import { describe, expect, it } from 'vitest';
import { checkHostname, HOSTNAME_LIMITS } from '@/lib/domains/hostname-check';
import { hostnameSchema } from '@/lib/domains/hostname';

const label = (length: number, char = 'a') => char.repeat(length);
/** A name of exactly `total` characters made of labels of at most 63. */
function nameOfLength(total: number): string {
  const labels: string[] = [];
  let remaining = total;
  while (remaining > 0) {
    const size = Math.min(HOSTNAME_LIMITS.label, remaining);
    labels.push(label(size));
    remaining -= size + 1;
  }
  return labels.join('.');
}

describe('the domain schema', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['  mail.example.org  ', 'mail.example.org'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['x1.io', 'x1.io'],
    ['123.example', '123.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('accepts %j as %j', (input, stored) => {
    expect(hostnameSchema.parse(input)).toBe(stored);
  });

  it('converts international names to punycode with the URL parser', () => {
    expect(hostnameSchema.parse('bücher.example')).toBe('xn--bcher-kva.example');
    expect(hostnameSchema.parse('BÜCHER.Example')).toBe('xn--bcher-kva.example');
    expect(hostnameSchema.parse('例え.テスト')).toBe('xn--r8jz45g.xn--zckzah');
    // Full-width dots are dots.
    expect(hostnameSchema.parse('bücher。example')).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['', /Type a domain/],
    ['   ', /Type a domain/],
    ['localhost', /at least two labels/],
    ['https://example.com', /scheme/],
    ['example.com/path', /path/],
    ['example.com?q=1', /path/],
    ['example.com:8080', /port/],
    ['example.com.', /trailing dot/],
    ['*.example.com', /Wildcards/],
    ['user@example.com', /e-mail/],
    ['exa mple.com', /spaces/],
    ['-example.com', /hyphen/],
    ['example-.com', /hyphen/],
    ['exa_mple.com', /letters, digits and hyphens/],
    ['a..b', /empty labels/],
    ['.example.com', /empty labels/],
    ['1.2.3.4', /number/],
    ['example.123', /not a valid domain|number/],
    ['0x7f.1', /number/],
    ['[::1]', /port/],
    ['%41.com', /percent/],
    ['xn--zz.com', /not a valid domain/],
  ])('refuses %j', (input, problem) => {
    const result = hostnameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(problem);
  });

  it('holds labels to 63 characters and names to 253, at the limits', () => {
    expect(checkHostname(`${label(63)}.com`)).toEqual({ ok: true, ascii: `${label(63)}.com` });
    expect(checkHostname(`${label(64)}.com`)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/at most 63/),
    });
    const longest = nameOfLength(253);
    expect(longest).toHaveLength(253);
    expect(checkHostname(longest)).toEqual({ ok: true, ascii: longest });
    const tooLong = `a${longest}`;
    expect(checkHostname(tooLong)).toMatchObject({ ok: false, problem: expect.stringMatching(/at most 253/) });
  });

  it('applies the limits to the ASCII form of an international name', () => {
    // 59 characters as typed, 66 in punycode.
    const unicodeLabel = `${'a'.repeat(58)}ü`;
    const ascii = new URL(`http://${unicodeLabel}.example`).hostname.split('.')[0] ?? '';
    expect(unicodeLabel.length).toBeLessThanOrEqual(63);
    expect(ascii.length).toBeGreaterThan(63);
    expect(checkHostname(`${unicodeLabel}.example`)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/ASCII form/),
    });
  });

  it('refuses input far too long to be a name without parsing it', () => {
    expect(checkHostname(`${'a.'.repeat(5_000)}com`)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/at most 253/),
    });
  });
});
