// What an order page needs: the order (if the viewer may see it), whether it can still be cancelled
// or returned, and the outcome of a cancel or return request the page's form just posted.
import { canRequestReturn } from '../../lib/order-desk';
import { canCancel } from '../../lib/orders';
import { cancelOrder, getOrderDetail, type OrderDetail, type OrderViewer } from './orders.server';
import { deliveredAt, requestReturn } from './returns.server';

export interface OrderPageData {
  detail: OrderDetail;
  cancellable: boolean;
  returnable: boolean;
  notice: { ok: boolean; text: string } | null;
}

export async function loadOrderPage(request: Request, orderNumber: string, viewer: OrderViewer, now = new Date()): Promise<OrderPageData | null> {
  let notice: OrderPageData['notice'] = null;
  if (request.method === 'POST') {
    // A copy: the page answers an order this viewer may not see with a rewrite to /404, which needs the body unread.
    const form = await request.clone().formData().catch(() => new FormData());
    if (form.get('intent') === 'cancel') {
      const result = await cancelOrder(orderNumber, viewer, now);
      if (result) notice = result.ok ? { ok: true, text: 'Your order has been cancelled. A confirmation email is on its way.' } : { ok: false, text: result.message };
    } else if (form.get('intent') === 'return') {
      notice = await requestReturn(orderNumber, viewer, form, now);
    }
  }
  const detail = await getOrderDetail(orderNumber, viewer);
  return detail && {
    detail, notice,
    cancellable: canCancel(detail.order, now),
    returnable: canRequestReturn(detail.order, deliveredAt(detail.history), now),
  };
}
