import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkProductionBuild } from '../../scripts/production-build';

let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('checkProductionBuild', () => {
  it('is up to date once stamped, until a source changes or the build is gone', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'production-build-'));
    mkdirSync(path.join(root, 'app'), { recursive: true });
    writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default 1;');
    mkdirSync(path.join(root, '.next'));
    expect(checkProductionBuild(root).upToDate).toBe(false);

    writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'build-1');
    checkProductionBuild(root).stamp();
    expect(checkProductionBuild(root).upToDate).toBe(true);
    // Files outside the build's inputs do not count.
    writeFileSync(path.join(root, 'README.md'), 'notes');
    expect(checkProductionBuild(root).upToDate).toBe(true);

    writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default 2;');
    expect(checkProductionBuild(root).upToDate).toBe(false);
    checkProductionBuild(root).stamp();
    expect(checkProductionBuild(root).upToDate).toBe(true);

    rmSync(path.join(root, '.next', 'BUILD_ID'));
    expect(checkProductionBuild(root).upToDate).toBe(false);
  });
});
