import { describe, expect, it } from 'vitest';
import { ExportSlots, exportSettings, tooManyExportsResponse } from '@/lib/export/limits';

describe('export settings', () => {
  it('default to 2 per operator, 8 per process, 10 requests of headroom', () => {
    expect(exportSettings({})).toEqual({ perOperator: 2, perProcess: 8, rateHeadroom: 10 });
    expect(
      exportSettings({ EXPORT_MAX_PER_OPERATOR: '', EXPORT_MAX_PER_PROCESS: '3', EXPORT_RATE_HEADROOM: '0' }),
    ).toEqual({ perOperator: 2, perProcess: 3, rateHeadroom: 0 });
  });

  it('name a bad setting', () => {
    expect(() => exportSettings({ EXPORT_MAX_PER_OPERATOR: '0' })).toThrow(/EXPORT_MAX_PER_OPERATOR/);
    expect(() => exportSettings({ EXPORT_MAX_PER_PROCESS: 'many' })).toThrow(/EXPORT_MAX_PER_PROCESS/);
  });
});

describe('export slots', () => {
  it('refuse an operator past their limit, with what to do, while others still get one', () => {
    const slots = new ExportSlots({ perOperator: 2, perProcess: 8 });
    const first = slots.acquire('op-1');
    const second = slots.acquire('op-1');
    expect(first.ok && second.ok).toBe(true);
    const third = slots.acquire('op-1');
    expect(third).toEqual({
      ok: false,
      scope: 'operator',
      message: 'You already have 2 exports running (at most 2 at a time). Wait for one to finish, then try again.',
    });
    expect(slots.acquire('op-2').ok).toBe(true);
    expect(slots.count('op-1')).toBe(2);
    expect(slots.count()).toBe(3);
  });

  it('refuse everyone past the process limit', () => {
    const slots = new ExportSlots({ perOperator: 5, perProcess: 2 });
    expect(slots.acquire('a').ok).toBe(true);
    expect(slots.acquire('b').ok).toBe(true);
    expect(slots.acquire('c')).toMatchObject({
      ok: false,
      scope: 'process',
      message: expect.stringMatching(/Try again in a minute/),
    });
  });

  it('free a slot when an export ends, once however often it is released', () => {
    const slots = new ExportSlots({ perOperator: 1, perProcess: 2 });
    const slot = slots.acquire('op');
    if (!slot.ok) throw new Error('expected a slot');
    expect(slots.acquire('op').ok).toBe(false);
    slot.release();
    slot.release();
    expect(slots.count()).toBe(0);
    expect(slots.count('op')).toBe(0);
    const again = slots.acquire('op');
    expect(again.ok).toBe(true);
    expect(slots.acquire('other').ok).toBe(true);
    expect(slots.acquire('third').ok).toBe(false);
  });

  it('answer a refusal with a 429 the browser can show', async () => {
    const response = tooManyExportsResponse({ ok: false, scope: 'operator', message: 'Wait.' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({ error: 'too_many_exports', scope: 'operator', message: 'Wait.' });
  });
});
