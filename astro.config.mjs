// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import precompress from './scripts/build/precompress.mjs';
import islandDirectives from './src/features/layout/hydration/integration.mjs';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), islandDirectives(), precompress()],
  // Catalogue pages are rendered once and kept until the catalogue changes (tag 'catalog'): Astro's
  // memory cache, purged in every process through PostgreSQL LISTEN/NOTIFY (src/features/catalog/route-cache.ts).
  cache: { provider: { name: 'memory', entrypoint: './src/features/catalog/route-cache.ts', config: { max: 2000 } } },
  trailingSlash: 'ignore',
  // The spec's capitalised link to the track page (answered with a real 301 by the server).
  redirects: { '/Track': '/track' },
  // The same check runs in src/middleware.ts, with one exemption (the newsletter's one-click unsubscribe).
  security: { checkOrigin: false },
  prefetch: false,
  devToolbar: { enabled: false },
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  vite: {
    plugins: [tailwindcss()],
    // Page stylesheets up to 8 KB are inlined (Astro's inlineStylesheets: 'auto' reads this limit), so a
    // page blocks on one stylesheet only: the shared one.
    build: { assetsInlineLimit: 8 * 1024 },
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'nodemailer', 'sharp'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
