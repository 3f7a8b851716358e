// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { contentSecurityPolicy } from './src/features/http/csp-config.ts';
import { MAX_BODY_LIMIT } from './src/features/http/body-limit.ts';
import { staticPageHeaders } from './src/features/http/static-headers.ts';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'server',
  // The per-page caps are in src/middleware.ts (413 before reading); this is the server's backstop.
  // staticHeaders: pre-rendered pages get their Content-Security-Policy as a header, not a <meta>.
  adapter: node({ mode: 'standalone', bodySizeLimit: MAX_BODY_LIMIT, staticHeaders: true }),
  security: {
    // src/middleware.ts checks the Origin of form posts itself: it knows the public origin behind a TLS
    // proxy (SITE_URL, TRUST_PROXY_HOPS, read at run time), which Astro's build-time check cannot.
    checkOrigin: false,
    csp: contentSecurityPolicy,
  },
  integrations: [react(), staticPageHeaders()],
  // Catalogue pages are rendered once and kept until the catalogue changes (tag 'catalog').
  // Astro's memory cache; route-cache.server.ts gives a cached page the security and caching headers of each request.
  cache: { provider: { name: 'store-memory', entrypoint: './src/features/http/route-cache.server.ts', config: { max: 2000 } } },
  trailingSlash: 'ignore',
  // The spec's capitalised link to the track page (answered with a real 301 by the server).
  redirects: { '/Track': '/track' },
  prefetch: false,
  devToolbar: { enabled: false },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'nodemailer'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
