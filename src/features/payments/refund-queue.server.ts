// Money going back through the gateway is first a row (gateway_refunds), written in the transaction of
// the business step that owes it (a return's refund, a cancellation, a payment that came too late) and
// keyed so that step can never owe it twice; the refund job sends it (payments.server.ts).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { gatewayRefunds, type GatewayRefundReason, payments } from '../../db/schema';
import { jobsStarted, sendJob } from '../../server/jobs/jobs.server';

export const SEND_REFUNDS_JOB = 'payments.send-refunds';

export type PaymentRow = typeof payments.$inferSelect;

/** The payment that paid the order, if it was paid online. */
export async function appliedPayment(tx: Tx, orderId: number): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.applied, true)));
  return row ?? null;
}

/** Paise of the payment not yet given back (refunds that failed do not count). */
export async function refundablePaise(tx: Tx, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${gatewayRefunds.amountPaise}), 0)::int` })
    .from(gatewayRefunds)
    .where(and(eq(gatewayRefunds.paymentId, payment.id), ne(gatewayRefunds.status, 'failed')));
  return payment.amountPaise - Number(row?.paise ?? 0);
}

export interface RefundDue {
  payment: PaymentRow;
  /** One refund per key: `return:<id>`, `cancel:<order id>`, `late:<payment id>`. */
  key: string;
  reason: GatewayRefundReason;
  amountPaise: number;
  returnId?: number;
}

/** Records the refund (once per key) and wakes the refund job when the transaction commits. */
export async function queueGatewayRefund(tx: Tx, due: RefundDue): Promise<void> {
  if (due.amountPaise <= 0) return;
  await tx
    .insert(gatewayRefunds)
    .values({
      paymentId: due.payment.id,
      orderId: due.payment.orderId,
      idempotencyKey: due.key,
      reason: due.reason,
      returnId: due.returnId ?? null,
      amountPaise: due.amountPaise,
    })
    .onConflictDoNothing({ target: gatewayRefunds.idempotencyKey });
  if (jobsStarted()) await sendJob(SEND_REFUNDS_JOB, {}, { tx, singletonKey: 'now' });
}
