// The payments' background work on the job engine (src/server/jobs): processing webhook events,
// sending refunds, the test gateway's webhook deliveries, and every minute the safety net — events
// whose job was lost, reconciliation with the gateway, unpaid orders released, refunds retried.
import { registerJob } from '../../server/jobs/jobs.server';
import { reconcilePayments, sendQueuedRefunds } from './payments.server';
import { SEND_REFUNDS_JOB } from './refund-queue.server';
import { DELIVER_TEST_WEBHOOKS_JOB } from './test-gateway/api.server';
import { deliverTestWebhooks, PROCESS_EVENT_JOB, processPaymentEvent, processPendingEvents } from './webhooks.server';

const RECONCILE_JOB = 'payments.reconcile';
/** Orders released or cancelled lately are asked about less often than those still waiting. */
const CLOSED_ORDERS_EVERY_MINUTES = 15;

registerJob<{ gateway: string; eventId: string }>(
  PROCESS_EVENT_JOB,
  async (data) => processPaymentEvent(data.gateway, data.eventId),
  { retries: 5, retryDelaySeconds: 10 },
);

registerJob(SEND_REFUNDS_JOB, async () => void (await sendQueuedRefunds()), {
  singleton: true,
  retries: 3,
  retryDelaySeconds: 30,
});

registerJob(DELIVER_TEST_WEBHOOKS_JOB, async () => void (await deliverTestWebhooks()), {
  singleton: true,
  retries: 3,
  retryDelaySeconds: 2,
});

registerJob(
  RECONCILE_JOB,
  async () => {
    const now = new Date();
    await deliverTestWebhooks();
    await processPendingEvents(new Date(now.getTime() - 60_000));
    await reconcilePayments(now, { includeClosed: now.getUTCMinutes() % CLOSED_ORDERS_EVERY_MINUTES === 0 });
    await sendQueuedRefunds(now);
  },
  { singleton: true, cron: '* * * * *', retries: 1, timeoutSeconds: 240 },
);
