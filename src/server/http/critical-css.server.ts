// Critical CSS for the pages rendered on request (./critical-css.ts; the pre-rendered ones get it at build,
// scripts/build/critical-css.mjs): the middleware hands each HTML page here once per rendering (the route
// cache keeps the result). The index of the stylesheet's rules is the build's, next to the server bundle;
// without it (astro dev) pages keep their plain stylesheet link.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type IndexedRule, inlineCriticalCss, withCspSource } from './critical-css';

let index: Record<string, IndexedRule[]> | null | undefined;

/** dist/server/critical-css.json: this module is bundled into dist/server or one of its folders. */
function loadIndex(): Record<string, IndexedRule[]> | null {
  for (const candidate of ['./critical-css.json', '../critical-css.json', '../../critical-css.json']) {
    const file = new URL(candidate, import.meta.url);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  }
  return null;
}

const isHtml = (response: Response) =>
  (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');

/** The page with its critical CSS inline and its stylesheet deferred; anything else as it came. */
export async function withCriticalCss(response: Response): Promise<Response> {
  if (!isHtml(response) || !response.body || response.status === 204) return response;
  index ??= loadIndex();
  if (!index) return response;
  const { html, style } = inlineCriticalCss(await response.text(), index);
  const headers = new Headers(response.headers);
  const policy = headers.get('content-security-policy');
  if (style != null && policy) {
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    headers.set('content-security-policy', withCspSource(policy, 'style-src', hash));
  }
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
