import { describe, expect, it, vi } from 'vitest';
import { csvResponse } from '@/lib/export/csv-response';

async function* chunks(list: string[], failAfter?: number) {
  for (const [index, chunk] of list.entries()) {
    if (index === failAfter) throw new Error('read failed');
    yield chunk;
  }
}

describe('the CSV export body', () => {
  it('sends the first text, then every chunk, with download headers, and ends once', async () => {
    const onEnd = vi.fn();
    const response = csvResponse({
      fileName: 'x.csv',
      first: 'a,b\r\n',
      rest: chunks(['1,2\r\n', '3,4\r\n']),
      label: 'x',
      onEnd,
      headers: { 'x-total-count': '2' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(response.headers.get('x-total-count')).toBe('2');
    expect(await response.text()).toBe('a,b\r\n1,2\r\n3,4\r\n');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('breaks off on a failed read, stopping reads under way, and ends once', async () => {
    const onEnd = vi.fn();
    const abort = new AbortController();
    // The console's logger writes readable lines to stdout under Vitest (LOG_FORMAT unset, not production).
    const error = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const response = csvResponse({
      fileName: 'x.csv',
      first: 'h\r\n',
      rest: chunks(['1\r\n', '2\r\n'], 1),
      label: 'x',
      onEnd,
      abort,
    });
    await expect(response.text()).rejects.toThrow('read failed');
    expect(abort.signal.aborted).toBe(true);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/ ERROR \[export\] x: read failed\n$/));
    error.mockRestore();
  });

  it('ends once when the browser goes away, closing the source', async () => {
    const onEnd = vi.fn();
    const source = chunks(['1\r\n', '2\r\n', '3\r\n']);
    const response = csvResponse({ fileName: 'x.csv', first: 'h\r\n', rest: source, label: 'x', onEnd });
    const reader = response.body!.getReader();
    const logged = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await reader.read();
    await reader.cancel();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(await source.next()).toEqual({ done: true, value: undefined });
    // The read that was under way when the browser left is no failure of the export.
    expect(logged.mock.calls.filter(([line]) => String(line).includes('[export]'))).toEqual([]);
    logged.mockRestore();
  });
});
