// @ts-check
import { defineConfig, memoryCache } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Catalogue pages are rendered once and kept until the catalogue changes (tag 'catalog').
  cache: { provider: memoryCache({ max: 2000 }) },
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
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'nodemailer'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
