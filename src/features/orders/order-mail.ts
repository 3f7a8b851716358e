// Every mail about an order: placed, and one per move. Each links to the order page through a signed link.
import { formatAddress } from '../../lib/checkout';
import { formatRupees } from '../../lib/money';
import { storeNoticeAddress } from '../appointments/appointments.server';
import { siteOrigin } from '../auth/auth.server';
import type { OutgoingEmail } from '../email/outbox.server';
import { renderMail } from '../email/templates';
import { monthsLabel } from '../pricing/product-prices';
import { MOVES, type MoveName } from './lifecycle';
import { orderConfirmationPath } from './order-access.server';
import { statusLabel } from './status';

export interface MailOrder {
  orderNumber: string; email: string; total: number; subtotal: number; discount: number; discountLabel: string | null; shipping: number;
  address: { name: string; line1: string; line2: string; city: string; state: string; pin: string };
}
interface MailLine { name: string; months: number; quantity: number; lineTotal: number }
export interface MoveDetails { courier?: string | null; trackingNumber?: string | null; reason?: string; photoCount?: number }

const orderUrl = (order: Pick<MailOrder, 'orderNumber' | 'email'>) => new URL(orderConfirmationPath(order.orderNumber, order.email), siteOrigin()).href;

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

const WHAT_HAPPENED: Record<string, string> = {
  confirmed: 'Your cash-on-delivery order is confirmed and is being packed. It leaves our Haridwar warehouse within 2 business days.',
  shipped: 'Your order is on its way.',
  out_for_delivery: 'Your order is out for delivery today. Please keep the cash amount ready.',
  delivered: 'Your order has been delivered. We hope it serves you well. Not happy with it? You can request a return within 7 days.',
  cancelled: 'Your order has been cancelled. Nothing is owed: it was cash on delivery.',
  returned: 'We have received your return.',
  refunded: 'Your refund has been processed. It reaches you within 5–7 business days.',
};

function statusMail(order: MailOrder, status: string, details: MoveDetails) {
  return renderMail({
    subject: `Order ${statusLabel(status)}: ${order.orderNumber}`,
    greeting: `Namaste ${order.address.name},`,
    paragraphs: [WHAT_HAPPENED[status] ?? `Your order is now ${statusLabel(status).toLowerCase()}.`],
    details: [
      ['Order', order.orderNumber],
      ...(details.courier ? [['Courier', details.courier] as [string, string]] : []),
      ...(details.trackingNumber ? [['Tracking number', details.trackingNumber] as [string, string]] : []),
    ],
    action: { label: 'See your order', url: orderUrl(order) },
  });
}

/** The mails a move sends (to the customer, and for a return request to the store as well). */
export function moveMails(name: MoveName, order: MailOrder, details: MoveDetails): OutgoingEmail[] {
  if (name === 'cancel_by_customer') {
    return [{ kind: 'order_cancelled', to: order.email, ...renderMail({
      subject: `Order Cancelled: ${order.orderNumber}`,
      greeting: `Namaste ${order.address.name},`,
      paragraphs: [`Your order ${order.orderNumber} has been cancelled as you asked. Nothing is owed: it was cash on delivery.`, `Order details: ${orderUrl(order)}`],
    }) }];
  }
  if (name === 'request_return') {
    return [
      { kind: 'return_requested', to: order.email, ...renderMail({
        subject: `Return requested: ${order.orderNumber}`,
        greeting: `Namaste ${order.address.name},`,
        paragraphs: ['We have received your return request and will reply within 48 working hours with the next steps.'],
        details: [['Order', order.orderNumber], ['Your reason', details.reason ?? '']],
      }) },
      { kind: 'return_store_notice', to: storeNoticeAddress(), ...renderMail({
        subject: `Return requested: ${order.orderNumber}`,
        greeting: 'A customer asked to return an order.',
        paragraphs: [details.reason ?? ''],
        details: [['Order', order.orderNumber], ['Customer', order.email], ['Photos', String(details.photoCount ?? 0)]],
      }) },
    ];
  }
  const to = MOVES[name].to;
  return [{ kind: `order_${to}`, to: order.email, ...statusMail(order, to, details) }];
}
