// What an order page needs: the order (if the viewer may see it), whether it can still be cancelled
// or returned, and the outcome of a cancel or return request the page's form just posted (through the
// form helper: a refusal answers 404, 409 or 422 by its code).
import { byIntent, handleForm, refuse, type FormPageContext, type FormRefusal, type PostedForm } from '../http/form.server';
import { canCancel, canRequestReturn, deliveredAt } from './lifecycle';
import { cancelOrder, getOrderDetail, type OrderDetail, type OrderViewer } from './orders.server';
import { requestReturn, type ReturnAnswer } from './returns.server';
import { findCreditNote } from '../invoices/credit-notes.server';
import { findInvoice } from '../invoices/invoices.server';
import { documentPath } from '../invoices/order-documents.server';

export interface OrderPageData {
  detail: OrderDetail;
  cancellable: boolean;
  returnable: boolean;
  notice: { ok: boolean; text: string } | null;
  /** The return form's answer, to show beside its fields and keep what was typed. */
  returnForm: { answer: ReturnAnswer; values: { reason: string; description: string } } | null;
  /** Policy §4: the order was bought at a discount (the form says so before anything is sent). */
  discounted: boolean;
  /** The order's GST tax invoice (issued when it ships) and where this viewer downloads it. */
  invoice: { number: string; url: string } | null;
  /** The GST credit note of its refund (if it was invoiced), and where this viewer downloads it. */
  creditNote: { number: string; url: string } | null;
}

const ORDER_CANCELLED = 'Your order has been cancelled. A confirmation email is on its way.';
const NO_SUCH_ORDER = 'We could not find that order.';

type RefusedReturn = Extract<ReturnAnswer, { ok: false }>;
export type OrderFormOutcome = { ok: true; notice: string } | (FormRefusal & { returnAnswer?: RefusedReturn });

/** The order page's two forms: cancel the order, ask to return it. */
export async function orderFormRequest(form: PostedForm, orderNumber: string, viewer: OrderViewer, now = new Date()): Promise<OrderFormOutcome> {
  return byIntent<OrderFormOutcome>(form, {
    cancel: async () => {
      const result = await cancelOrder(orderNumber, viewer, now);
      if (!result) return refuse('not_found', NO_SUCH_ORDER);
      return result.ok ? { ok: true, notice: ORDER_CANCELLED } : refuse('conflict', result.message);
    },
    return: async () => {
      const answer = await requestReturn(orderNumber, viewer, form.data, now);
      if (!answer) return refuse('not_found', NO_SUCH_ORDER);
      if (answer.ok) return { ok: true, notice: answer.text };
      // The window closed or a return is open: nothing to fix in the form. Otherwise the fields are marked.
      const closed = answer.errors.form !== undefined && Object.keys(answer.errors).length === 1;
      return { ...refuse(closed ? 'conflict' : 'unprocessable', answer.text, { target: 'return', form }), returnAnswer: answer };
    },
  });
}

/**
 * An order page's request: its form post (if any) and then the page's data, or null when this viewer
 * may not see the order (the page rewrites to /404, so the body is read from a copy).
 */
export async function orderPageRequest(context: FormPageContext, orderNumber: string, viewer: OrderViewer, now = new Date()): Promise<OrderPageData | null> {
  const copy = { request: context.request.clone(), response: context.response, redirect: context.redirect };
  const { outcome } = await handleForm(copy, (form) => orderFormRequest(form, orderNumber, viewer, now));
  const data = await loadOrderPage(orderNumber, viewer, outcome, now);
  if (!data) context.response.status = 404;
  return data;
}

export async function loadOrderPage(orderNumber: string, viewer: OrderViewer, outcome?: OrderFormOutcome, now = new Date()): Promise<OrderPageData | null> {
  const notice: OrderPageData['notice'] = outcome ? { ok: outcome.ok, text: outcome.ok ? outcome.notice : outcome.message } : null;
  const returnForm: OrderPageData['returnForm'] = outcome && !outcome.ok && outcome.returnAnswer
    ? { answer: outcome.returnAnswer, values: { reason: outcome.form?.text('reason') ?? '', description: (outcome.form?.text('description') ?? '').slice(0, 2000) } }
    : null;
  const detail = await getOrderDetail(orderNumber, viewer);
  if (!detail) return null;
  const [invoice, credited] = await Promise.all([findInvoice(detail.order.id), findCreditNote(detail.order.id)]);
  // The owner's own links need no token; a signed link's visitor keeps theirs.
  const token = viewer.customer?.id === detail.order.customerId ? null : viewer.token;
  return {
    detail, notice, returnForm,
    invoice: invoice && { number: invoice.invoiceNumber, url: documentPath(detail.order.orderNumber, 'invoice', token) },
    creditNote: credited && { number: credited.creditNote.creditNoteNumber, url: documentPath(detail.order.orderNumber, 'credit-note', token) },
    discounted: detail.order.discount > 0 || detail.order.pointsRedeemed > 0,
    cancellable: canCancel(detail.order, now),
    returnable: canRequestReturn(detail.order, deliveredAt(detail.history), now),
  };
}
