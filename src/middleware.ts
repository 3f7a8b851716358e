import { defineMiddleware } from 'astro:middleware';
import { startCatalogueListener } from './features/catalog/catalogue-changes.server';
import { startOutboxWorker } from './features/email/outbox.server';
import { isForbiddenCrossSiteRequest } from './lib/cross-site-form';

// Background work starts with the first request the server answers (serve.mjs makes one at start-up);
// never during the build's pre-rendering.
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // Astro's own origin check is off (astro.config.mjs) so the unsubscribe link can take one-click POSTs.
  if (isForbiddenCrossSiteRequest(context.request, context.url)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 });
  }
  startOutboxWorker();
  // Before the first page is rendered (and cached): each process listens for catalogue changes.
  await startCatalogueListener();
  return next();
});
