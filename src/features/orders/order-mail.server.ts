// Every mail about an order: one per move, each with its own subject and words. Each links to the
// order page through a signed link. Placing is not 'confirmed': cash-on-delivery orders are
// confirmed by the staff (a call) before dispatch.
import { formatAddress } from '../../lib/checkout';
import { formatPaiseAsRupees, formatRupees } from '../../lib/money';
import { env } from '../../server/config/env.server';
import { storeNoticeAddress } from '../../server/store-notice-address.server';
import { siteHref } from '../../server/http/site-origin.server';
import type { OutgoingEmail } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { monthsLabel } from '../pricing/product-prices';
import { DELIVERY_DAYS, DISPATCH_BUSINESS_DAYS } from '../delivery/delivery-estimate';
import { CANCEL_WINDOW_HOURS, type MoveName, RETURN_WINDOW_DAYS } from './lifecycle';
import { orderConfirmationPath } from './order-access.server';
import { RETURN_REASON_CATEGORIES, type ReturnReasonCategory } from './returns-policy';

export interface MailOrder {
  /** The order row's id: the delivery mail attaches the order's tax invoice by it, the refund mail its credit note. */
  id?: number;
  orderNumber: string;
  email: string;
  total: number;
  subtotal: number;
  discount: number;
  discountLabel: string | null;
  shipping: number;
  /** cod, or online (paid through the gateway); absent means cash on delivery. */
  paymentMethod?: string;
  /** What the online-payment offer took off. */
  prepaidDiscount?: number;
  address: { name: string; line1: string; line2: string; city: string; state: string; pin: string };
}
export interface MailLine {
  name: string;
  months: number;
  quantity: number;
  lineTotal: number;
}
/** What a move carries into its mail. */
export interface MoveDetails {
  lines?: MailLine[];
  courier?: string | null;
  trackingNumber?: string | null;
  /** The parcel's page on its courier's site (the desk's courier list), when there is one. */
  parcelUrl?: string | null;
  /** The staff's note to the customer (a cancel's or a return decision's reason). */
  note?: string | null;
  reasonCategory?: ReturnReasonCategory;
  description?: string;
  photoCount?: number;
  /** The return's units, as "Triphala Churna × 1". */
  returnedLines?: string[];
  refundPaise?: number;
  /** Spent reward points the refund gave back. */
  refundPoints?: number;
  /** Only part of the order's money has come back so far. */
  partlyRefunded?: boolean;
  /** Cash on delivery: where the money went (masked) and the payout's reference. */
  payoutTo?: string | null;
  payoutReference?: string | null;
  /** The refund's GST credit note, when the order was invoiced, and its place among the order's credit notes. */
  creditNoteNumber?: string | null;
  creditNoteNth?: number;
  /** A replacement's delivery challan (the document its goods travel with), and its place among the order's. */
  challanNumber?: string | null;
  challanNth?: number;
  /** Paid online and cancelled: the paise going back through the gateway. */
  refundingPaise?: number;
  /** The return asks for a replacement of the same product and plan, not a refund. */
  replacement?: boolean;
  /** Paid online: how long the order waits for its payment. */
  paymentWindowMinutes?: number;
  /** Cash on delivery, placed: what paying online instead costs and saves (null: the store takes cash only). */
  payInstead?: { total: number; saving: number } | null;
}

interface MoveMail {
  kind: string;
  subject: (n: string) => string;
  paragraphs: (order: MailOrder, d: MoveDetails) => string[];
}

/** A cash-on-delivery order's second chance to pay online (decision 0100), with what it saves. */
const payInsteadWords = ({ total, saving }: { total: number; saving: number }) =>
  `Rather pay now? Pay ${formatRupees(total)} online by UPI, card, netbanking or wallet${saving > 0 ? ` and save ${formatRupees(saving)}` : ''}: your order is confirmed as soon as it is paid, with no call.`;

/** The courier's page for the parcel, when the desk's courier list gives one. */
const followParcel = (d: MoveDetails) =>
  d.parcelUrl ? [`Follow the parcel on ${d.courier}’s site: ${d.parcelUrl}`] : [];

const MAILS: Record<MoveName, MoveMail> = {
  place: {
    kind: 'order_confirmation',
    subject: (n) => `We received your order ${n}`,
    paragraphs: (o, d) => [
      `Thank you for your order ${o.orderNumber}. It is not confirmed yet: confirm it yourself with the button below (or we will call you on your phone number to confirm it), and we dispatch it within ${DISPATCH_BUSINESS_DAYS} business days of your confirmation.`,
      `You pay ${formatRupees(o.total)} in cash when it arrives. Changed your mind? You can cancel within ${CANCEL_WINDOW_HOURS} hours, before it ships.`,
      ...(d.payInstead ? [payInsteadWords(d.payInstead)] : []),
    ],
  },
  place_online: {
    kind: 'order_awaiting_payment',
    subject: (n) => `Complete the payment for your order ${n}`,
    paragraphs: (o, d) => [
      `Thank you for your order ${o.orderNumber}. We are holding its items for you for ${d.paymentWindowMinutes ?? 30} minutes while you pay ${formatRupees(o.total)} online.`,
      'If the payment did not go through, open your order and choose Pay now. If the time runs out, the order is released and nothing is charged.',
    ],
  },
  pay: {
    kind: 'order_paid',
    subject: (n) => `Your order ${n} is paid and confirmed`,
    paragraphs: (o) => [
      `Thank you: we received your payment of ${formatRupees(o.total)} for order ${o.orderNumber}. Your order is confirmed and leaves our Haridwar warehouse within ${DISPATCH_BUSINESS_DAYS} business days.`,
      `Changed your mind? You can cancel within ${CANCEL_WINDOW_HOURS} hours, before it ships, and the payment comes back to where it came from.`,
    ],
  },
  switch_to_online: {
    kind: 'order_awaiting_payment',
    subject: (n) => `Complete the payment for your order ${n}`,
    paragraphs: (o, d) => [
      `You chose to pay for your order ${o.orderNumber} online: ${formatRupees(o.total)}${o.prepaidDiscount ? `, ${formatRupees(o.prepaidDiscount)} less than in cash` : ''}. Please pay within ${d.paymentWindowMinutes ?? 30} minutes.`,
      'If you do not, nothing is lost: your order stays cash on delivery as before.',
    ],
  },
  return_to_cod: {
    kind: 'order_back_to_cod',
    subject: (n) => `Your order ${n} stays cash on delivery`,
    paragraphs: (o) => [
      `We did not receive the online payment for your order ${o.orderNumber}, so it stays cash on delivery: you pay ${formatRupees(o.total)} in cash when it arrives.`,
    ],
  },
  expire_payment: {
    kind: 'order_payment_expired',
    subject: (n) => `Your order ${n} was released`,
    paragraphs: (o) => [
      `We did not receive the payment for your order ${o.orderNumber} in time, so we have released it. Nothing is owed.`,
      'If money did leave your account, it comes back to you automatically within 5–7 business days.',
    ],
  },
  confirm_by_customer: {
    kind: 'order_confirmed',
    subject: (n) => `Your order ${n} is confirmed`,
    paragraphs: () => [
      `Thank you for confirming your cash-on-delivery order. We are packing it, and it leaves our Haridwar warehouse within ${DISPATCH_BUSINESS_DAYS} business days.`,
    ],
  },
  confirm: {
    kind: 'order_confirmed',
    subject: (n) => `Your order ${n} is confirmed`,
    paragraphs: () => [
      `Thank you for confirming your cash-on-delivery order. We are packing it, and it leaves our Haridwar warehouse within ${DISPATCH_BUSINESS_DAYS} business days.`,
    ],
  },
  ship: {
    kind: 'order_shipped',
    subject: (n) => `Your order ${n} has shipped`,
    paragraphs: (_o, d) => [
      `Your order is on its way with ${d.courier}. Your tracking number is ${d.trackingNumber}.`,
      ...followParcel(d),
      `It usually arrives within ${DELIVERY_DAYS.from} to ${DELIVERY_DAYS.to} days. You can follow it on our Track Order page with your order ID and email.`,
    ],
  },
  out_for_delivery: {
    kind: 'order_out_for_delivery',
    subject: (n) => `Your order ${n} is out for delivery`,
    paragraphs: (o) => [
      o.paymentMethod === 'online'
        ? 'Your order is out for delivery today. It is paid: there is nothing to pay at the door.'
        : `Your order is out for delivery today. Please keep ${formatRupees(o.total)} ready in cash.`,
    ],
  },
  deliver: {
    kind: 'order_delivered',
    subject: (n) => `Your order ${n} has been delivered`,
    paragraphs: () => [
      'Your order has been delivered. We hope it serves you well. Your GST tax invoice is attached as a PDF.',
      `If something arrived damaged, defective or wrong, you can request a return within ${RETURN_WINDOW_DAYS} days of delivery (damage in transit within 48 hours) with photos and your unboxing video.`,
    ],
  },
  cancel_by_customer: {
    kind: 'order_cancelled',
    subject: (n) => `Your order ${n} is cancelled`,
    paragraphs: (o, d) => [`Your order ${o.orderNumber} has been cancelled as you asked. ${owedAfterCancel(o, d)}`],
  },
  cancel_by_staff: {
    kind: 'order_cancelled',
    subject: (n) => `We have cancelled your order ${n}`,
    paragraphs: (o, d) => [
      `We are sorry: we have cancelled your order ${o.orderNumber}. ${owedAfterCancel(o, d)}`,
      ...(d.note ? [`Why: ${d.note}`] : []),
    ],
  },
  request_return: {
    kind: 'return_requested',
    subject: (n) => `We received your return request for ${n}`,
    paragraphs: (_o, d) => [
      `We have received your ${d.replacement ? 'request for a replacement' : 'return request'} with your photos and unboxing video. We reply within 48 working hours.`,
    ],
  },
  accept_return: {
    kind: 'return_accepted',
    subject: (n) => `Your return for ${n} is accepted`,
    paragraphs: (_o, d) => [
      'We have accepted your return. We will arrange a reverse pickup at no cost to you; please keep the product and all its packaging ready.',
      ...(d.note ? [`From our team: ${d.note}`] : []),
    ],
  },
  decline_return: {
    kind: 'return_declined',
    subject: (n) => `Your return request for ${n} was declined`,
    paragraphs: (_o, d) => [
      'We have reviewed your return request and are sorry that we cannot accept it.',
      `Why: ${d.note}`,
      `If you think we got this wrong, reply to this email or write to our Grievance Officer at ${env().GRIEVANCE_OFFICER_EMAIL}.`,
    ],
  },
  receive_return: {
    kind: 'return_received',
    subject: (n) => `We received your returned parcel for ${n}`,
    paragraphs: (_o, d) => [
      d.replacement
        ? 'Your returned parcel has reached us. Once it passes inspection, we send your replacement and email you its tracking number.'
        : 'Your returned parcel has reached us. Once it passes inspection, your refund is issued within 5–7 business days.',
    ],
  },
  refund: {
    kind: 'order_refunded',
    subject: (n) => `Your refund for ${n} has been issued`,
    paragraphs: (o, d) => [
      `We have issued your refund of ${formatPaiseAsRupees(d.refundPaise ?? 0)} to ${o.paymentMethod === 'online' ? 'the account or UPI app you paid from' : (d.payoutTo ?? 'the bank account or UPI ID you shared with us')}. Your bank may take a few days to show it.`,
      ...(d.refundPoints
        ? [
            `The ${d.refundPoints.toLocaleString('en-IN')} reward points you spent on the returned items are back in your account.`,
          ]
        : []),
      ...(d.partlyRefunded
        ? ['This refund is for the items you sent back; the rest of your order stays as it was.']
        : []),
      ...(d.creditNoteNumber ? [`Our GST credit note ${d.creditNoteNumber} for the refund is attached as a PDF.`] : []),
      ...(d.note ? [`From our team: ${d.note}`] : []),
    ],
  },
  send_replacement: {
    kind: 'replacement_shipped',
    subject: (n) => `Your replacement for ${n} has shipped`,
    paragraphs: (_o, d) => [
      `Your replacement is on its way with ${d.courier}. Your tracking number is ${d.trackingNumber}.`,
      ...followParcel(d),
      'It is sent free of charge under your original invoice: there is nothing to pay, and no refund, since you get the items again.',
      ...(d.challanNumber ? [`Its delivery challan ${d.challanNumber} is attached as a PDF.`] : []),
      ...(d.note ? [`From our team: ${d.note}`] : []),
    ],
  },
  switch_to_refund: {
    kind: 'replacement_refunded_instead',
    subject: (n) => `We will refund your return for ${n} instead`,
    paragraphs: (_o, d) => [
      'We are sorry: we cannot send a replacement of the items you returned, as they are out of stock. We will refund them instead, and email you when the refund is issued.',
      ...(d.note ? [`From our team: ${d.note}`] : []),
    ],
  },
};

/** What a cancelled order leaves owing: nothing, and for a paid one the payment on its way back. */
function owedAfterCancel(order: MailOrder, d: MoveDetails): string {
  if (order.paymentMethod !== 'online') return 'Nothing is owed: it was cash on delivery.';
  if (!d.refundingPaise) return 'Nothing is owed: it was not paid.';
  return `Your payment of ${formatPaiseAsRupees(d.refundingPaise)} is being refunded to the account or UPI app you paid from; banks usually show it within 5–7 business days.`;
}

/** The order's signed page, openable without signing in (every order mail and message links to it). */
export const orderUrl = (order: Pick<MailOrder, 'orderNumber' | 'email'>) =>
  siteHref(orderConfirmationPath(order.orderNumber, order.email));

/** A cash-on-delivery order's "Confirm your order" link: its page, at the confirmation form. */
export const codConfirmationUrl = (order: Pick<MailOrder, 'orderNumber' | 'email'>) =>
  `${orderUrl(order)}#confirm-order`;

/** A cash-on-delivery order's "Pay online instead" link: its page, at the form that switches it. */
export const payInsteadUrl = (order: Pick<MailOrder, 'orderNumber' | 'email'>) => `${orderUrl(order)}#pay-instead`;

function detailRows(name: MoveName, order: MailOrder, d: MoveDetails): [string, string][] {
  const rows: [string, string][] = [['Order', order.orderNumber]];
  if (name === 'place' || name === 'place_online' || name === 'pay') {
    rows.push(
      ...(d.lines ?? []).map((l): [string, string] => [
        `${l.name} (${monthsLabel(l.months)}) × ${l.quantity}`,
        formatRupees(l.lineTotal),
      ]),
      ['Subtotal', formatRupees(order.subtotal)],
      ...(order.discount
        ? [[order.discountLabel ?? 'Discount', `−${formatRupees(order.discount)}`] as [string, string]]
        : []),
      ['Shipping', order.shipping ? formatRupees(order.shipping) : 'Free'],
      ...(order.prepaidDiscount
        ? [['Online payment offer', `−${formatRupees(order.prepaidDiscount)}`] as [string, string]]
        : []),
      [
        order.paymentMethod === 'online'
          ? name === 'pay'
            ? 'Total (paid online)'
            : 'Total (to pay online)'
          : 'Total (cash on delivery)',
        formatRupees(order.total),
      ],
      ['Deliver to', formatAddress(order.address)],
    );
  }
  if (d.courier) rows.push(['Courier', d.courier]);
  if (d.trackingNumber) rows.push(['Tracking number', d.trackingNumber]);
  if (name === 'request_return' && d.reasonCategory)
    rows.push(['What happened', RETURN_REASON_CATEGORIES[d.reasonCategory]], ['Your description', d.description ?? '']);
  if (d.returnedLines?.length) rows.push(['Items returned', d.returnedLines.join(', ')]);
  if (name === 'request_return' && d.replacement)
    rows.push(['You asked for', 'A replacement of the same product and plan']);
  if (name === 'send_replacement' && d.returnedLines?.length) rows.push(['Replacement', d.returnedLines.join(', ')]);
  if (name === 'refund' && d.refundPaise != null) rows.push(['Refund', formatPaiseAsRupees(d.refundPaise)]);
  if (name === 'refund' && d.payoutReference) rows.push(['Payout reference', d.payoutReference]);
  if (d.creditNoteNumber) rows.push(['Credit note', d.creditNoteNumber]);
  return rows;
}

/** The mails a move sends: to the customer, and for a return request to the store as well. */
export function moveMails(name: MoveName, order: MailOrder, details: MoveDetails): OutgoingEmail[] {
  const mail = MAILS[name];
  const mails: OutgoingEmail[] = [
    {
      kind: mail.kind,
      to: order.email,
      ...renderMail({
        subject: mail.subject(order.orderNumber),
        greeting: `Namaste ${order.address.name},`,
        paragraphs: mail.paragraphs(order, details),
        details: detailRows(name, order, details),
        action:
          name === 'place'
            ? { label: 'Confirm your order', url: codConfirmationUrl(order) }
            : { label: 'See your order', url: orderUrl(order) },
        secondAction:
          name === 'place' && details.payInstead
            ? { label: 'Pay online instead', url: payInsteadUrl(order) }
            : undefined,
      }),
      // The tax invoice (issued when the order shipped) rides on the delivery mail, the credit note on the
      // refund mail, the delivery challan on the replacement's mail; all are made at send time.
      ...(name === 'deliver' && order.id != null
        ? { attachments: [{ kind: 'invoice' as const, orderId: order.id }] }
        : {}),
      ...(name === 'refund' && details.creditNoteNumber && order.id != null
        ? { attachments: [{ kind: 'credit-note' as const, orderId: order.id, nth: details.creditNoteNth }] }
        : {}),
      ...(name === 'send_replacement' && details.challanNumber && order.id != null
        ? { attachments: [{ kind: 'delivery-challan' as const, orderId: order.id, nth: details.challanNth }] }
        : {}),
    },
  ];
  if (name === 'request_return') {
    mails.push({
      kind: 'return_store_notice',
      to: storeNoticeAddress(),
      ...renderMail({
        subject: `Return requested: ${order.orderNumber}`,
        greeting: 'A customer asked to return an order.',
        paragraphs: [details.description ?? ''],
        details: [
          ['Order', order.orderNumber],
          ['Customer', order.email],
          ['What happened', details.reasonCategory ? RETURN_REASON_CATEGORIES[details.reasonCategory] : ''],
          ['Asks for', details.replacement ? 'A replacement' : 'A refund'],
          ['Photos', String(details.photoCount ?? 0)],
          ['Unboxing video', 'attached'],
        ],
      }),
    });
  }
  return mails;
}
