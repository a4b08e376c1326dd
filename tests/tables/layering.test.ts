/**
 * lib/ holds the console's data and rules and never reaches into components/ for a value: a
 * table's URL reader takes the table's declaration from the page instead (lib/jobs/search-params.ts,
 * lib/triage/search-params.ts, lib/audit/filters.ts). Types may come from anywhere (erased).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** A value import (not `import type`) of a module under components/. */
const VALUE_IMPORT_FROM_COMPONENTS = /^import\s+(?!type\s)[^;]*?from\s+'@\/components\//ms;

describe('lib/', () => {
  it('imports no value from components/', () => {
    const offenders = sources('lib').filter((file) =>
      VALUE_IMPORT_FROM_COMPONENTS.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
