import { describe, expect, it } from 'vitest';
import { frameOwner } from '../../bench/cpu-profile';

describe('where a profiled frame belongs', () => {
  it('names the package, the part of next, the console file or the runtime', () => {
    expect(frameOwner('file:///w/node_modules/zod/v4/core/schemas.js', 'parse')).toBe('zod');
    expect(frameOwner('file:///w/node_modules/@tanstack/table-core/build/lib/index.mjs', 'x')).toBe(
      '@tanstack/table-core',
    );
    expect(frameOwner('file:///w/node_modules/next/dist/compiled/react-dom/cjs/server.js', 'render')).toBe(
      'next/dist/compiled/react-dom',
    );
    expect(frameOwner('file:///w/.next/server/chunks/ssr/app_page.js', 'Page')).toBe('(console) app_page.js');
    expect(frameOwner('node:internal/streams/readable', 'read')).toBe('node:internal/streams/readable');
    expect(frameOwner('', '(garbage collector)')).toBe('(garbage collector)');
    expect(frameOwner('', 'JSON.parse')).toBe('(native)');
  });
});
