import { describe, expect, it } from 'vitest';
import { baseWorktreeDir, packagesMissingFromCurrent, planBaseWorktree } from '../../bench/base-worktree';

const nothing = { registered: false, exists: false, nodeModules: false, built: false };

describe('the base worktree of a side-by-side bench', () => {
  it('lives under .data/bench, keyed by the commit hash', () => {
    expect(baseWorktreeDir('/work/repo', 'faf4cd2afe4202fd5ffab0947fc693236ec19cfd')).toBe(
      '/work/repo/.data/bench/base-faf4cd2afe4202fd5ffab0947fc693236ec19cfd',
    );
  });

  it('is made from nothing: added, node_modules linked in, built', () => {
    expect(planBaseWorktree(nothing, false)).toEqual(['add', 'link-modules', 'build']);
    expect(planBaseWorktree(nothing, true)).toEqual(['add', 'link-modules', 'install', 'build']);
  });

  it('is reused as it is once built', () => {
    expect(planBaseWorktree({ registered: true, exists: true, nodeModules: true, built: true }, false)).toEqual([]);
    expect(planBaseWorktree({ registered: true, exists: true, nodeModules: true, built: true }, true)).toEqual([]);
  });

  it('finishes what an interrupted run left', () => {
    expect(planBaseWorktree({ registered: true, exists: true, nodeModules: true, built: false }, false)).toEqual([
      'build',
    ]);
    expect(planBaseWorktree({ registered: true, exists: true, nodeModules: false, built: false }, true)).toEqual([
      'link-modules',
      'install',
      'build',
    ]);
    // Git still lists a worktree whose folder was deleted: pruned, then added again.
    expect(planBaseWorktree({ ...nothing, registered: true }, false)).toEqual([
      'prune',
      'add',
      'link-modules',
      'build',
    ]);
  });

  it('leaves alone a folder in its place that git does not know as a worktree', () => {
    expect(() => planBaseWorktree({ ...nothing, exists: true }, false)).toThrow(/not a git worktree/);
  });

  it('installs only when the base wants a package the current node_modules lacks at its version', () => {
    const current = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/next': { version: '16.4.6' },
        'node_modules/@tanstack/table-core': { version: '9.3.0' },
      },
    };
    expect(
      packagesMissingFromCurrent(
        { packages: { '': { version: '0.0.9' }, 'node_modules/next': { version: '16.4.6' } } },
        current,
      ),
    ).toEqual([]);
    expect(
      packagesMissingFromCurrent(
        {
          packages: {
            'node_modules/next': { version: '16.4.5' },
            'node_modules/left-pad': { version: '1.3.0' },
            'node_modules/local': { link: true },
          },
        },
        current,
      ),
    ).toEqual(['node_modules/next', 'node_modules/left-pad']);
    expect(packagesMissingFromCurrent({}, current)).toEqual([]);
  });
});
