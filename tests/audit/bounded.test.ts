import { describe, expect, it } from 'vitest';
import { boundedParams, boundedText, MAX_PARAMS_BYTES, REDACTED } from '@/lib/audit/bounded';

describe('boundedParams', () => {
  it('redacts values under keys that look secret, at any depth and in any case', () => {
    expect(
      boundedParams({
        accessToken: 'abc',
        nested: { client_secret: 's', Authorization: 'Bearer x', PASSWORD: { any: 'shape' }, count: 1 },
        list: [{ password: 'p', name: 'n' }],
        note: 'kept',
      }),
    ).toEqual({
      accessToken: REDACTED,
      nested: { client_secret: REDACTED, Authorization: REDACTED, PASSWORD: REDACTED, count: 1 },
      list: [{ password: REDACTED, name: 'n' }],
      note: 'kept',
    });
  });

  it('cuts strings over 2,000 characters, saying how much was cut', () => {
    const { body } = boundedParams({ body: 'x'.repeat(5_000) });
    expect(body).toBe(`${'x'.repeat(2_000)}… [3000 more characters]`);
  });

  it('replaces parameters still over 16 KB by their size and the start of their JSON', () => {
    const params = { items: Array.from({ length: 20 }, () => 'y'.repeat(1_999)) };
    const bounded = boundedParams(params);
    expect(bounded).toEqual({
      _truncated: true,
      _bytes: Buffer.byteLength(JSON.stringify(params)),
      _preview: expect.stringMatching(/^\{"items":\["yyy/),
    });
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThanOrEqual(MAX_PARAMS_BYTES);
  });

  it('keeps to JSON: dates as ISO text, bigints as text, no undefined, non-finite numbers as null, nesting capped', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let level = 0; level < 12; level++) deep = { deeper: deep };
    const bounded = boundedParams({
      at: new Date('2026-11-22T10:00:00Z'),
      big: 12345678901234567890n,
      missing: undefined,
      list: [undefined, Number.NaN, Infinity, 1.5],
      deep,
    });
    expect(bounded).toMatchObject({
      at: '2026-11-22T10:00:00.000Z',
      big: '12345678901234567890',
      list: [null, null, null, 1.5],
    });
    expect(bounded).not.toHaveProperty('missing');
    expect(JSON.stringify(bounded.deep)).toContain('"[too deep]"');
  });
});

describe('boundedText', () => {
  it('replaces what PostgreSQL cannot store: NUL and unpaired surrogates', () => {
    expect(boundedText('a\u0000b\ud800c\udc00d 😀')).toBe('a\ufffdb\ufffdc\ufffdd 😀');
  });

  it('does not split a surrogate pair when cutting', () => {
    const cut = boundedText(`${'x'.repeat(9)}😀😀`, 10);
    expect(cut).toBe(`${'x'.repeat(9)}… [4 more characters]`);
  });
});
