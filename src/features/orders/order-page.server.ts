// What an order page needs: the order (if the viewer may see it), whether it can still be cancelled
// or returned, and the outcome of a cancel or return request the page's form just posted (through the
// form helper: a refusal answers 404, 409 or 422 by its code).
import {
  byIntent,
  handleForm,
  refuse,
  type FormPageContext,
  type FormRefusal,
  type PostedForm,
} from '../../server/http/form.server';
import { canCancel, canRequestReturn, deliveredAt } from './lifecycle';
import {
  CANCEL_REFUSED,
  cancelOrder,
  confirmOrderByCustomer,
  findOrder,
  getOrderDetail,
  mayView,
  type OrderDetail,
  type OrderViewer,
} from './orders.server';
import { requestReturn, type ReturnAnswer, unitsLeft } from './returns.server';
import { returnUnitsField } from './returns-policy';
import { findCreditNotes } from '../invoices/credit-notes.server';
import { findDeliveryChallans } from '../invoices/delivery-challans.server';
import { findInvoice } from '../invoices/invoices.server';
import { documentPath } from '../invoices/order-documents.server';
import { type OrderPaymentView, orderPaymentView } from '../payments/payments.server';
import { payInsteadOffer } from '../payments/payment-settings.server';
import { parcelLinker } from '../couriers/couriers.server';
import { getDb } from '../../db/client';
import { latestConsent, recordConsent } from '../privacy/consent-records.server';

export interface OrderPageData {
  detail: OrderDetail;
  cancellable: boolean;
  /** Cash on delivery not yet confirmed: the customer may confirm it here (the place mail links to it). */
  confirmable: boolean;
  /** The customer asked to cancel and is asked to confirm (the cancel form's first step). */
  confirmingCancel: boolean;
  returnable: boolean;
  /** The order's lines with the units the customer may still send back. */
  returnUnits: ReturnType<typeof unitsLeft>;
  notice: { ok: boolean; text: string } | null;
  /** The return form's answer, to show beside its fields and keep what was typed. */
  returnForm: { answer: ReturnAnswer; values: ReturnFormValues } | null;
  /** Policy §4: the order was bought at a discount (the form says so before anything is sent). */
  discounted: boolean;
  /** The order's GST tax invoice (issued when it ships) and where this viewer downloads it. */
  invoice: { number: string; url: string } | null;
  /** The GST credit notes of its refunds (if it was invoiced), and where this viewer downloads them. */
  creditNotes: { number: string; url: string; returnId: number }[];
  /** The delivery challans the replacements travelled with, and where this viewer downloads them. */
  challans: { number: string; url: string }[];
  /** Cash on delivery not yet confirmed: paying online instead, its total and saving, and where the form posts. */
  payInstead: { total: number; saving: number; action: string; token: string | null } | null;
  /** Paid online: the payment, what went back, or while it waits the "Pay now" form (null: cash on delivery). */
  payment: (OrderPaymentView & { payAction: string; token: string | null }) | null;
  /** Each shipment's page on its courier's site, by history entry id (couriers the desk's list knows). */
  parcelLinks: Record<number, string>;
  /** The order's address gets order updates on WhatsApp (the checkout's box): the page offers to stop them. */
  whatsappUpdates: boolean;
}

/** What the return form keeps of a refused post: everything typed but the files. */
export interface ReturnFormValues {
  reason: string;
  description: string;
  resolution: string;
  units: Record<number, string>;
  payoutMethod: string;
  payoutUpi: string;
  payoutAccount: string;
  payoutIfsc: string;
}

const ORDER_CANCELLED = 'Your order has been cancelled. A confirmation email is on its way.';
const ORDER_CONFIRMED = 'Thank you: your order is confirmed. We will pack it and send it on its way.';
export const CONFIRM_CANCEL = 'Please confirm: cancel this order?';
const NO_SUCH_ORDER = 'We could not find that order.';
export const WHATSAPP_STOPPED =
  'WhatsApp updates are off: we will send no more WhatsApp messages about your orders. Mail about them still comes.';

type RefusedReturn = Extract<ReturnAnswer, { ok: false }>;
export type OrderFormOutcome =
  | { ok: true; notice: string; confirmCancel?: boolean }
  | (FormRefusal & { returnAnswer?: RefusedReturn });

/**
 * The order page's forms: confirm a cash-on-delivery order, cancel the order (in two steps: the first asks to confirm, the second
 * cancels, so nothing happens on one press even without JavaScript), ask to return items.
 */
export async function orderFormRequest(
  form: PostedForm,
  orderNumber: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<OrderFormOutcome> {
  return byIntent<OrderFormOutcome>(form, {
    cancel: async () => {
      const order = await findOrder(orderNumber);
      if (!order || !mayView(order, viewer)) return refuse('not_found', NO_SUCH_ORDER);
      return canCancel(order, now)
        ? { ok: true, notice: CONFIRM_CANCEL, confirmCancel: true }
        : refuse('conflict', CANCEL_REFUSED);
    },
    confirm_order: async () => {
      const result = await confirmOrderByCustomer(orderNumber, viewer, now);
      if (!result) return refuse('not_found', NO_SUCH_ORDER);
      return result.ok ? { ok: true, notice: ORDER_CONFIRMED } : refuse(result.code, result.message);
    },
    confirm_cancel: async () => {
      const result = await cancelOrder(orderNumber, viewer, now);
      if (!result) return refuse('not_found', NO_SUCH_ORDER);
      return result.ok ? { ok: true, notice: ORDER_CANCELLED } : refuse(result.code, result.message);
    },
    // Withdrawing is as easy as the tick that gave it (DPDP Act s. 6(4)): one press, no account needed.
    whatsapp_stop: async () => {
      const order = await findOrder(orderNumber);
      if (!order || !mayView(order, viewer)) return refuse('not_found', NO_SUCH_ORDER);
      const db = await getDb();
      if (await latestConsent(db, order.email, 'whatsapp_order_updates'))
        await recordConsent(db, {
          email: order.email,
          userId: order.customerId,
          purpose: 'whatsapp_order_updates',
          granted: false,
          source: 'order page',
        });
      return { ok: true, notice: WHATSAPP_STOPPED };
    },
    return: async () => {
      const answer = await requestReturn(orderNumber, viewer, form.data, now);
      if (!answer) return refuse('not_found', NO_SUCH_ORDER);
      if (answer.ok) return { ok: true, notice: answer.text };
      // The window closed or a return is open: nothing to fix in the form. Otherwise the fields are marked.
      const closed = answer.errors.form !== undefined && Object.keys(answer.errors).length === 1;
      return {
        ...refuse(closed ? 'conflict' : 'unprocessable', answer.text, { target: 'return', form }),
        returnAnswer: answer,
      };
    },
  });
}

/**
 * An order page's request: its form post (if any) and then the page's data, or null when this viewer
 * may not see the order (the page rewrites to /404, which needs the body unread: a stranger's post is not
 * read). The body is read from the request itself, never from a clone, whose twin would keep every byte
 * of a return's upload in memory as it streamed in.
 */
export async function orderPageRequest(
  context: FormPageContext,
  orderNumber: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<OrderPageData | null> {
  if (context.request.method === 'POST') {
    const order = await findOrder(orderNumber);
    if (!order || !mayView(order, viewer)) {
      context.response.status = 404;
      return null;
    }
  }
  const { outcome } = await handleForm(context, (form) => orderFormRequest(form, orderNumber, viewer, now));
  const data = await loadOrderPage(orderNumber, viewer, outcome, now);
  if (!data) context.response.status = 404;
  return data;
}

export async function loadOrderPage(
  orderNumber: string,
  viewer: OrderViewer,
  outcome?: OrderFormOutcome,
  now = new Date(),
): Promise<OrderPageData | null> {
  const confirming = outcome?.ok === true && outcome.confirmCancel === true;
  const notice: OrderPageData['notice'] =
    outcome && !confirming ? { ok: outcome.ok, text: outcome.ok ? outcome.notice : outcome.message } : null;
  const typed = (name: string, max = 100) =>
    (outcome && !outcome.ok ? (outcome.form?.text(name) ?? '') : '').slice(0, max);
  const detail = await getOrderDetail(orderNumber, viewer);
  if (!detail) return null;
  const returnUnits = unitsLeft(detail);
  const returnForm: OrderPageData['returnForm'] =
    outcome && !outcome.ok && outcome.returnAnswer
      ? {
          answer: outcome.returnAnswer,
          values: {
            reason: typed('reason'),
            description: typed('description', 2000),
            resolution: typed('resolution', 20),
            units: Object.fromEntries(returnUnits.map((l) => [l.id, typed(returnUnitsField(l.id), 3)])),
            payoutMethod: typed('payoutMethod'),
            payoutUpi: typed('payoutUpi', 130),
            payoutAccount: typed('payoutAccount', 30),
            payoutIfsc: typed('payoutIfsc', 11),
          },
        }
      : null;
  const db = await getDb();
  const [invoice, credited, challans, payment, instead, linkParcel, whatsappUpdates] = await Promise.all([
    findInvoice(detail.order.id),
    findCreditNotes(detail.order.id),
    findDeliveryChallans(detail.order.id),
    orderPaymentView(detail.order, now),
    payInsteadOffer(db, detail.order),
    parcelLinker(db),
    latestConsent(db, detail.order.email, 'whatsapp_order_updates'),
  ]);
  const parcelLinks: Record<number, string> = {};
  for (const entry of detail.history) {
    const url = linkParcel(entry.courier, entry.trackingNumber);
    if (url) parcelLinks[entry.id] = url;
  }
  // The owner's own links need no token; a signed link's visitor keeps theirs.
  const token = viewer.customer?.id === detail.order.customerId ? null : (viewer.token ?? null);
  return {
    detail,
    notice,
    returnForm,
    invoice: invoice && {
      number: invoice.invoiceNumber,
      url: documentPath(detail.order.orderNumber, 'invoice', token),
    },
    creditNotes: credited.map(({ creditNote }, i) => ({
      number: creditNote.creditNoteNumber,
      returnId: creditNote.returnId,
      url: documentPath(detail.order.orderNumber, 'credit-note', token, i + 1),
    })),
    challans: challans.map(({ challan }, i) => ({
      number: challan.challanNumber,
      url: documentPath(detail.order.orderNumber, 'delivery-challan', token, i + 1),
    })),
    payment: payment && { ...payment, payAction: `/order/${detail.order.orderNumber}/pay`, token },
    payInstead: instead && { ...instead, action: `/order/${detail.order.orderNumber}/pay`, token },
    discounted: detail.order.discount > 0 || detail.order.pointsRedeemed > 0,
    whatsappUpdates,
    cancellable: canCancel(detail.order, now),
    confirmable: detail.order.paymentMethod === 'cod' && detail.order.status === 'pending',
    confirmingCancel: confirming && canCancel(detail.order, now),
    returnable: canRequestReturn(detail.order, deliveredAt(detail.history), now) && returnUnits.some((l) => l.left > 0),
    returnUnits,
    parcelLinks,
  };
}
