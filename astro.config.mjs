// @ts-check
import { existsSync } from 'node:fs';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import criticalCss from './scripts/build/critical-css.mjs';
import precompress from './scripts/build/precompress.mjs';
import islandDirectives from './src/features/layout/hydration/integration.mjs';
import { contentSecurityPolicy } from './src/features/boundary-policy/csp-config.ts';
import { MAX_BODY_LIMIT } from './src/features/boundary-policy/upload-limits.ts';
import { staticPageHeaders } from './src/server/http/static-headers.ts';
import { siteOriginFrom } from './src/server/http/site-origin.server.ts';
import vitalsReporterUrl from './src/features/vitals/reporter-url.mjs';

// The build reads .env like the server does (scripts/load-env.mjs), so pre-rendered pages get the same
// SITE_URL as the pages rendered on request.
const envFile = process.env.ENV_FILE ?? '.env';
if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);

export default defineConfig({
  site: siteOriginFrom(process.env.SITE_URL).href,
  output: 'server',
  // The per-page caps are in src/middleware.ts (413 before reading); this is the server's backstop.
  // staticHeaders: pre-rendered pages get their Content-Security-Policy as a header, not a <meta>.
  adapter: node({ mode: 'standalone', bodySizeLimit: MAX_BODY_LIMIT, staticHeaders: true }),
  security: {
    // src/middleware.ts checks the Origin of form posts itself: it knows the public origin behind a TLS
    // proxy (SITE_URL, TRUST_PROXY_HOPS, read at run time), which Astro's build-time check cannot, and
    // lets mail apps one-click POST to the newsletter's signed unsubscribe link.
    checkOrigin: false,
    csp: contentSecurityPolicy,
  },
  // criticalCss before precompress: the pre-rendered pages' .br/.gz twins are of the pages it rewrote.
  integrations: [react(), islandDirectives(), criticalCss(), precompress(), staticPageHeaders()],
  // Catalogue pages are rendered once and kept until the catalogue changes (tag 'catalog'): the store's
  // in-memory route cache with compressed copies (src/server/http/route-cache.server.ts, decision 0065),
  // purged in every process through PostgreSQL LISTEN/NOTIFY (src/server/http/route-cache-handle.ts); its
  // memory budget is ROUTE_CACHE_MB, read at run time.
  cache: { provider: { name: 'store-route-cache', entrypoint: './src/server/http/route-cache.server.ts' } },
  trailingSlash: 'ignore',
  // The spec's capitalised link to the track page (answered with a real 301 by the server).
  redirects: { '/Track': '/track' },
  prefetch: false,
  devToolbar: { enabled: false },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  vite: {
    plugins: [tailwindcss(), vitalsReporterUrl()],
    // Page stylesheets up to 8 KB are inlined (Astro's inlineStylesheets: 'auto' reads this limit), so a
    // page blocks on one stylesheet only: the shared one.
    build: { assetsInlineLimit: 8 * 1024 },
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'nodemailer', 'sharp', 'pdfkit'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
