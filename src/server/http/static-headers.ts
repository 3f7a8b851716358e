// Pre-rendered pages are files the Node adapter serves before any middleware runs. With `staticHeaders` it
// sends the headers listed in dist/_headers.json (Astro writes each page's CSP there); this build step adds
// the store's security headers and the public Cache-Control to every entry, so those pages match the rest.
import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { PUBLIC_HTML_CACHE, SECURITY_HEADERS } from './response-policy';

interface StaticHeaders {
  pathname: string;
  headers: { key: string; value: string }[];
}

export function withStoreHeaders(entries: StaticHeaders[]): StaticHeaders[] {
  const extra = [...Object.entries(SECURITY_HEADERS), ['Cache-Control', PUBLIC_HTML_CACHE]];
  return entries.map(({ pathname, headers }) => {
    const present = new Set(headers.map((h) => h.key.toLowerCase()));
    return {
      pathname,
      headers: [
        ...headers,
        ...extra.filter(([key]) => !present.has(key.toLowerCase())).map(([key, value]) => ({ key, value })),
      ],
    };
  });
}

export function staticPageHeaders(): AstroIntegration {
  let outDir: URL;
  return {
    name: 'store-static-page-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      // Runs after the adapter's own build:done hook (Astro puts the adapter first), which writes the file.
      'astro:build:done': async ({ logger }) => {
        const file = new URL('_headers.json', outDir);
        const entries = JSON.parse(await readFile(file, 'utf8').catch(() => '[]')) as StaticHeaders[];
        if (entries.length === 0) {
          logger.warn('no _headers.json: pre-rendered pages go out without the security headers');
          return;
        }
        await writeFile(file, JSON.stringify(withStoreHeaders(entries)));
      },
    },
  };
}
