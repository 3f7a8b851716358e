// What an order page needs: the order (if the viewer may see it), whether it can still be cancelled
// or returned, and the outcome of a cancel or return request the page's form just posted.
import { canCancel, canRequestReturn, deliveredAt } from './lifecycle';
import { cancelOrder, getOrderDetail, type OrderDetail, type OrderViewer } from './orders.server';
import { requestReturn, type ReturnAnswer } from './returns.server';
import { findInvoice } from '../invoices/invoices.server';
import { invoicePath } from '../invoices/invoice-download.server';

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
}

export async function loadOrderPage(request: Request, orderNumber: string, viewer: OrderViewer, now = new Date()): Promise<OrderPageData | null> {
  let notice: OrderPageData['notice'] = null;
  let returnForm: OrderPageData['returnForm'] = null;
  if (request.method === 'POST') {
    // A copy: the page answers an order this viewer may not see with a rewrite to /404, which needs the body unread.
    const form = await request.clone().formData().catch(() => new FormData());
    if (form.get('intent') === 'cancel') {
      const result = await cancelOrder(orderNumber, viewer, now);
      if (result) notice = result.ok ? { ok: true, text: 'Your order has been cancelled. A confirmation email is on its way.' } : { ok: false, text: result.message };
    } else if (form.get('intent') === 'return') {
      const answer = await requestReturn(orderNumber, viewer, form, now);
      if (answer) {
        notice = { ok: answer.ok, text: answer.text };
        if (!answer.ok) returnForm = { answer, values: { reason: String(form.get('reason') ?? ''), description: String(form.get('description') ?? '').slice(0, 2000) } };
      }
    }
  }
  const detail = await getOrderDetail(orderNumber, viewer);
  const invoice = detail && await findInvoice(detail.order.id);
  return detail && {
    detail, notice, returnForm,
    invoice: invoice && { number: invoice.invoiceNumber, url: invoicePath(detail.order.orderNumber, viewer.customer?.id === detail.order.customerId ? null : viewer.token) },
    discounted: detail.order.discount > 0 || detail.order.pointsRedeemed > 0,
    cancellable: canCancel(detail.order, now),
    returnable: canRequestReturn(detail.order, deliveredAt(detail.history), now),
  };
}
