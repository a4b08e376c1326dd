import { describe, expect, it } from 'vitest';
import { readWaves, type LoggedRead } from '../../bench/service-reads';

const read = (path: string, atMs: number, durationMs: number): LoggedRead => ({
  method: 'GET',
  path,
  query: '',
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, atMs)).toISOString(),
  durationMs,
});

describe('the waves of reads a page made', () => {
  it('keeps reads made side by side together and puts a read made after another finished in the next wave', () => {
    const waves = readWaves([
      read('/admin/ra/users/7', 60, 50),
      read('/admin/ra/messages/1', 0, 50),
      read('/admin/ra/channels', 2, 51),
      read('/admin/stats', 112, 50),
    ]);
    expect(waves).toEqual([['/admin/ra/messages/1', '/admin/ra/channels'], ['/admin/ra/users/7'], ['/admin/stats']]);
  });

  it('keeps the query string and gives no waves for no reads', () => {
    expect(readWaves([{ ...read('/admin/ra/messages', 0, 50), query: '?range=%5B0%2C24%5D' }])).toEqual([
      ['/admin/ra/messages?range=%5B0%2C24%5D'],
    ]);
    expect(readWaves([])).toEqual([]);
  });
});
