// The answer while the database is out of reach (a restart, a failover, the server down): 503 with
// Retry-After, a page that says what happened in plain words (it needs nothing from the database, and links
// to the pre-rendered home page, which keeps serving), or JSON for the APIs. The process stays up and the
// next request tries the database again, so the store recovers by itself.
import { createHash } from 'node:crypto';
import { describeFault, RETRY_AFTER_SECONDS } from '../../lib/database-faults';

export const UNAVAILABLE_MESSAGE = 'The store cannot reach its database just now. Please try again in a minute.';

const STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;color:#1f2d1f;background:#fbf8f1}' +
  'main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}' +
  'h1{font-family:Georgia,serif;font-size:2rem;color:#24462a;margin:.5rem 0 1rem}' +
  'p{line-height:1.6}.brand{font-weight:600;letter-spacing:.1em;text-transform:uppercase;color:#7a4a12}' +
  'a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#24462a;color:#fff;text-decoration:none;font-weight:600}';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back in a moment · Vedara Ayurveda</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Vedara Ayurveda</p>
<h1>We will be back in a moment</h1>
<p>Our store cannot reach its records just now, so this page cannot be shown. Nothing you did caused this, and nothing in your cart or your orders is lost.</p>
<p>Please try again in a minute.</p>
<a href="/">Back to Home</a>
</main>
</body>
</html>
`;

const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;

export function databaseUnavailableResponse(url: URL): Response {
  const headers = { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' };
  if (url.pathname.startsWith('/api/')) return Response.json({ error: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  return new Response(PAGE, {
    status: 503,
    headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP },
  });
}

// While the database is away every request fails the same way: one line in the log, then one every 10 s.
let lastLogged = 0;
let unlogged = 0;
export function logUnavailable(method: string, pathname: string, error: unknown, now = Date.now()): void {
  if (now - lastLogged < 10_000) {
    unlogged++;
    return;
  }
  const more = unlogged ? ` (and ${unlogged} more request(s) since the last line)` : '';
  console.warn(`${method} ${pathname}: the database is unavailable (${describeFault(error)}); answered 503${more}`);
  lastLogged = now;
  unlogged = 0;
}
