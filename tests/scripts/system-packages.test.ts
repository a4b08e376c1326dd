import { describe, expect, it } from 'vitest';
import { installCommand, missingPackages } from '@/scripts/system-packages';

const present = (files: string[]) => (file: string) => files.includes(file);
const versions = (dir: string) => (dir === '/usr/lib/postgresql' ? ['15'] : []);

describe('the Debian packages npm test needs', () => {
  it('reports nothing missing when the headless shell and the PostgreSQL binaries are installed', () => {
    const exists = present([
      '/usr/bin/chromium-headless-shell',
      '/usr/lib/postgresql',
      '/usr/lib/postgresql/15/bin/initdb',
      '/usr/lib/postgresql/15/bin/pg_ctl',
    ]);
    expect(missingPackages({}, exists, versions)).toEqual([]);
  });

  it('reports both on a fresh machine', () => {
    expect(missingPackages({ PATH: '/usr/bin' }, present([]), versions)).toEqual([
      'chromium-headless-shell',
      'postgresql',
    ]);
  });

  it('asks for the headless shell the browser tests run, not the desktop Chromium', () => {
    const exists = present(['/usr/bin/chromium', '/opt/pg/initdb', '/opt/pg/pg_ctl']);
    expect(missingPackages({ PATH: '/opt/pg' }, exists, versions)).toEqual(['chromium-headless-shell']);
  });

  it('takes CHROMIUM_PATH, binaries on PATH, or TEST_DATABASE_URL instead', () => {
    const exists = present(['/opt/chrome', '/opt/pg/initdb', '/opt/pg/pg_ctl']);
    expect(missingPackages({ CHROMIUM_PATH: '/opt/chrome', PATH: '/opt/pg' }, exists, versions)).toEqual([]);
    expect(
      missingPackages({ CHROMIUM_PATH: '/opt/chrome', TEST_DATABASE_URL: 'postgres://x' }, exists, versions),
    ).toEqual([]);
    expect(
      missingPackages({ CHROMIUM_PATH: '/opt/missing', TEST_DATABASE_URL: 'postgres://x' }, exists, versions),
    ).toEqual(['chromium-headless-shell']);
  });

  it('names the one command to run, with sudo when not root', () => {
    expect(installCommand(['chromium', 'postgresql'], false)).toBe(
      'sudo apt-get update && sudo apt-get install -y chromium postgresql',
    );
    expect(installCommand(['chromium'], true)).toBe('apt-get update && apt-get install -y chromium');
  });
});
