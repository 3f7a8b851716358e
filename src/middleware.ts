import { defineMiddleware } from 'astro:middleware';
import { startCatalogueListener } from './features/catalog/catalogue-changes.server';
// Loading the outbox registers its job before the engine starts.
import './server/mail/outbox.server';
// Loaded beside the outbox: order mail attaches the invoice and credit-note PDFs.
import './features/invoices/mail-attachments.server';
// … and appointment mail its calendar file.
import './features/appointments/appointment-calendar.server';
// The payments' jobs: webhook events, refunds, reconciliation every minute.
import './features/payments/payments-jobs.server';
// SMS and WhatsApp: each message's send job and the sweep for messages queued while no engine ran.
import './server/messages/outbox.server';
// The shoppers' web vitals: the daily job that drops old measurements.
import './features/vitals/vitals.server';
// Refill and abandoned-cart reminders: the periodic job that sends what is due.
import './features/reminders/reminders.server';
// Back-in-stock notices, and the nightly sweep that takes packs past the shelf-life line off sale.
import './features/restock/restock-jobs.server';
import './features/stock/stock-jobs.server';
// The nightly purge of the staff access log past its retention.
import './features/privacy/data-access-log.server';
// Which pages take uploads (or only small bodies) and who may send them: registered with the HTTP boundary.
import './features/boundary-policy/upload-rights.server';
import { admitRequest, finishResponse, refusalOf } from './server/http/boundary.server';
import { databaseUnavailableResponse, logUnavailable } from './server/http/unavailable.server';
import { isDatabaseUnavailable, onceMoreAfterFault } from './lib/database-faults';
import { startJobs } from './server/jobs/jobs.server';
import { withCatalogueReads } from './features/catalog/catalogue-memo.server';
import { withCriticalCss } from './server/http/critical-css.server';

// Background work starts with the first request the server answers (serve.mjs makes one at start-up);
// never during the build's pre-rendering. Every on-demand request passes the HTTP boundary: origin check,
// body caps and JSON shape on the way in, security and caching headers on the way out.
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // The job engine (mail and other background work); a failed start is tried again on the next request.
  startJobs().catch((error) => {
    if (!isDatabaseUnavailable(error)) console.error('Starting the job engine failed:', error);
  });
  let response: Response;
  let pendingCookies = 0;
  try {
    // Before the first page is rendered (and cached): each process listens for catalogue changes.
    await startCatalogueListener();
    const admitted = await admitRequest(context);
    if (admitted instanceof Response) return finishResponse({ ...pick(context), pendingCookies: 0 }, admitted);
    // The body was read at the boundary: hand the copy on. Pages take it from the rewrite payload,
    // endpoints from the context (Astro passes them this same context object).
    if (admitted) context.request = admitted;
    const render = async () => {
      const rendered = await withCatalogueReads(() => (admitted ? next(admitted) : next()));
      pendingCookies = [...context.cookies.headers()].length;
      // The page's first paint waits for no stylesheet (pre-rendered pages got this at build).
      return withCriticalCss(rendered);
    };
    // A read (GET or HEAD: no body, so nothing to send twice) cut off by a closed connection is rendered
    // once more before answering 503; nothing of the first rendering has gone out yet.
    response = isRead(context.request) ? await onceMoreAfterFault(render) : await render();
  } catch (error) {
    // An upload past its cap found while the page read it: 413, the sender's doing.
    const refused = refusalOf(error, context.url);
    if (refused) return finishResponse({ ...pick(context), pendingCookies: 0 }, refused);
    // The database is out of reach (restarting, failing over, down): 503 with Retry-After, not a 500. The
    // next request tries it again, so the store recovers by itself. Anything else is a bug: Astro's 500.
    if (!isDatabaseUnavailable(error)) throw error;
    logUnavailable(context.request.method, context.url.pathname, error);
    response = databaseUnavailableResponse(context.url);
  }
  return finishResponse({ ...pick(context), pendingCookies }, response);
});

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';
const pick = ({ request, url }: { request: Request; url: URL }) => ({ request, url });
