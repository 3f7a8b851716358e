// Mails about an order: placed and cancelled. Each links to the order page through a signed link.
import { monthsLabel } from '../pricing/product-prices';
import { formatAddress } from '../../lib/checkout';
import { formatRupees } from '../../lib/money';
import { siteOrigin } from '../auth/auth.server';
import { renderMail } from '../email/templates';
import { orderConfirmationPath } from './order-access.server';

interface MailOrder {
  orderNumber: string; email: string; total: number; subtotal: number; discount: number; discountLabel: string | null; shipping: number;
  address: { name: string; line1: string; line2: string; city: string; state: string; pin: string };
}
interface MailLine { name: string; months: number; quantity: number; lineTotal: number }

const orderUrl = (order: MailOrder) => new URL(orderConfirmationPath(order.orderNumber, order.email), siteOrigin()).href;

export function orderConfirmationMail(order: MailOrder, lines: MailLine[]) {
  return renderMail({
    subject: `Order Confirmed: ${order.orderNumber}`,
    greeting: `Namaste ${order.address.name},`,
    paragraphs: [
      `Thank you for your order ${order.orderNumber}. You pay ${formatRupees(order.total)} in cash when it arrives; we will call you to confirm it before dispatch.`,
      `See your order and track it: ${orderUrl(order)}`,
    ],
    details: [
      ...lines.map((l): [string, string] => [`${l.name} (${monthsLabel(l.months)}) × ${l.quantity}`, formatRupees(l.lineTotal)]),
      ['Subtotal', formatRupees(order.subtotal)],
      ...(order.discount ? [[order.discountLabel ?? 'Discount', `−${formatRupees(order.discount)}`] as [string, string]] : []),
      ['Shipping', order.shipping ? formatRupees(order.shipping) : 'Free'],
      ['Total (cash on delivery)', formatRupees(order.total)],
      ['Deliver to', formatAddress(order.address)],
    ],
  });
}

export function orderCancelledMail(order: MailOrder) {
  return renderMail({
    subject: `Order Cancelled: ${order.orderNumber}`,
    greeting: `Namaste ${order.address.name},`,
    paragraphs: [`Your order ${order.orderNumber} has been cancelled as you asked. Nothing is owed: it was cash on delivery.`, `Order details: ${orderUrl(order)}`],
  });
}
