/**
 * First-load JavaScript of a page, as a browser gets it from the production build: every
 * `<script src>` in the page's HTML (module-capable browsers skip `nomodule` polyfills),
 * fetched from the running server and gzip-compressed with node:zlib.
 */
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  src: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoadJs {
  scripts: ScriptSize[];
  totalGzipBytes: number;
}

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const SRC = /\bsrc="([^"]+)"/i;

export async function firstLoadJs(pageUrl: string, headers: Record<string, string>): Promise<FirstLoadJs> {
  const page = await fetch(pageUrl, { headers, redirect: 'manual' });
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`);
  const html = await page.text();
  const sources = new Set<string>();
  for (const [, attributes = ''] of html.matchAll(SCRIPT_TAG)) {
    const src = SRC.exec(attributes)?.[1];
    if (src && !/\bnomodule\b/i.test(attributes)) sources.add(src.replace(/&amp;/g, '&'));
  }
  const scripts = await Promise.all(
    [...sources].map(async (src): Promise<ScriptSize> => {
      const response = await fetch(new URL(src, pageUrl));
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { src, bytes: body.length, gzipBytes: gzipSync(body).length };
    }),
  );
  return { scripts, totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
}
