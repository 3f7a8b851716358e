import { defineMiddleware } from 'astro:middleware';
import { startCatalogueListener } from './features/catalog/catalogue-changes.server';
import { startOutboxWorker } from './features/email/outbox.server';

// Background work starts with the first request the server answers (serve.mjs makes one at start-up);
// never during the build's pre-rendering.
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered) {
    startOutboxWorker();
    // Before the first page is rendered (and cached): each process listens for catalogue changes.
    await startCatalogueListener();
  }
  return next();
});
