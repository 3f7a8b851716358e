import { defineMiddleware } from 'astro:middleware';
import { startOutboxWorker } from './features/email/outbox.server';

// Background work starts with the first request the server answers (serve.mjs makes one at start-up);
// never during the build's pre-rendering.
export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered) startOutboxWorker();
  return next();
});
