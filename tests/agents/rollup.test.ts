import { describe, expect, it } from 'vitest';
import { rollupPage, type HumanRollupRow } from '@/lib/agents/rollup';
import { DEFAULT_LIST_STATE } from '@/lib/entities/list-state';

const human = (creatorId: string, agents: number, deleted: number, newestAt: string): HumanRollupRow => ({
  creatorId,
  agents,
  deleted,
  deletedShare: deleted / agents,
  newestAt,
});
const ROWS = [
  human('usr_a', 2, 0, '2026-11-01T00:00:00Z'),
  human('usr_b', 9, 3, '2026-10-01T00:00:00Z'),
  human('usr_c', 2, 2, '2026-11-20T00:00:00Z'),
];
const ids = (rows: HumanRollupRow[]) => rows.map((row) => row.creatorId);

describe('the agents-per-human rollup', () => {
  it('puts the human with the most agents first by default, ties by id', () => {
    expect(ids(rollupPage(ROWS, DEFAULT_LIST_STATE))).toEqual(['usr_b', 'usr_a', 'usr_c']);
  });

  it('sorts by deleted share and by newest agent, both ways', () => {
    expect(ids(rollupPage(ROWS, { ...DEFAULT_LIST_STATE, sort: { field: 'deletedShare', order: 'desc' } }))).toEqual([
      'usr_c',
      'usr_b',
      'usr_a',
    ]);
    expect(ids(rollupPage(ROWS, { ...DEFAULT_LIST_STATE, sort: { field: 'newestAt', order: 'asc' } }))).toEqual([
      'usr_b',
      'usr_a',
      'usr_c',
    ]);
    expect(ids(rollupPage(ROWS, { ...DEFAULT_LIST_STATE, sort: { field: 'agents', order: 'asc' } }))).toEqual([
      'usr_a',
      'usr_c',
      'usr_b',
    ]);
  });

  it('returns the page the state asks for', () => {
    const many = Array.from({ length: 26 }, (_, index) =>
      human(`usr_${String(index).padStart(2, '0')}`, 100 - index, 0, '2026-11-01T00:00:00Z'),
    );
    expect(rollupPage(many, DEFAULT_LIST_STATE)).toHaveLength(25);
    expect(ids(rollupPage(many, { ...DEFAULT_LIST_STATE, page: 2 }))).toEqual(['usr_25']);
  });
});
