// The customer's mail when staff move an order (confirmed, shipped, out for delivery, delivered, returns).
import { statusLabel } from '../../lib/orders';
import { env } from '../../lib/env.server';
import { renderMail } from '../email/templates';
import { orderConfirmationPath } from '../checkout/order-access.server';

const WHAT_HAPPENED: Record<string, string> = {
  confirmed: 'Your cash-on-delivery order is confirmed and is being packed. It leaves our Haridwar warehouse within 2 business days.',
  shipped: 'Your order is on its way.',
  out_for_delivery: 'Your order is out for delivery today. Please keep the cash amount ready.',
  delivered: 'Your order has been delivered. We hope it serves you well. Not happy with it? You can request a return within 7 days.',
  cancelled: 'Your order has been cancelled. Nothing is owed: it was cash on delivery.',
  returned: 'We have received your return.',
  refunded: 'Your refund has been processed. It reaches you within 5–7 business days.',
};

export function orderStatusMail(order: { orderNumber: string; email: string; address: { name: string } }, status: string,
  shipment: { courier: string | null; trackingNumber: string | null }) {
  const url = new URL(orderConfirmationPath(order.orderNumber, order.email), env().SITE_URL).href;
  return renderMail({
    subject: `Order ${statusLabel(status)}: ${order.orderNumber}`,
    greeting: `Namaste ${order.address.name},`,
    paragraphs: [WHAT_HAPPENED[status] ?? `Your order is now ${statusLabel(status).toLowerCase()}.`],
    details: [
      ['Order', order.orderNumber],
      ...(shipment.courier ? [['Courier', shipment.courier] as [string, string]] : []),
      ...(shipment.trackingNumber ? [['Tracking number', shipment.trackingNumber] as [string, string]] : []),
    ],
    action: { label: 'See your order', url },
  });
}
