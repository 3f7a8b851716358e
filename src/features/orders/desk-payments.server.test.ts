// The desk's view of money online, on a real database: the orders list's payment filter and what each
// row says of its payment, and an order's payment, tries at the gateway and refunds as its page reads
// them (a payment after the order was released is a refund of its own).
import { describe, expect, it } from 'vitest';
import { placeOnlineTestOrder } from '../../../tests/support/online-orders';
import { placeTestOrder } from '../../../tests/support/orders';
import { sendQueuedRefunds } from '../payments/payments.server';
import {
  deskOrderDetail,
  deskPaymentLabel,
  gatewayLabel,
  listDeskOrders,
  parsePaymentFilter,
} from './order-desk.server';

const numbers = async (payment: string, q: string) =>
  (await listDeskOrders({ payment, q })).rows.map((r) => r.orderNumber).sort();

describe('the desk and money online (real database)', () => {
  it('filters the orders list by payment and names how each order is paid', async () => {
    const cod = await placeTestOrder('desk-money-filter@example.in');
    const paid = await placeOnlineTestOrder('desk-money-filter@example.in', 'paid');
    // Released first, then the order awaiting payment (the release would take it too).
    const late = await placeOnlineTestOrder('desk-money-filter@example.in', 'late');
    const awaiting = await placeOnlineTestOrder('desk-money-filter@example.in', 'awaiting');
    const q = 'desk-money-filter';

    expect(await numbers('', q)).toEqual([cod, paid.orderNumber, awaiting.orderNumber, late.orderNumber].sort());
    expect(await numbers('cod', q)).toEqual([cod]);
    // Paid online: a payment paid it. The late one was released unpaid and its payment went back.
    expect(await numbers('online', q)).toEqual([paid.orderNumber]);
    expect(await numbers('awaiting', q)).toEqual([awaiting.orderNumber]);
    // Anything else is All.
    expect(await numbers('everything', q)).toHaveLength(4);
    expect(parsePaymentFilter('constructor')).toBe('');

    const { rows } = await listDeskOrders({ q });
    const label = (number: string) => deskPaymentLabel(rows.find((r) => r.orderNumber === number)!);
    expect(label(cod)).toBe('Cash on delivery');
    expect(label(paid.orderNumber)).toBe('Paid online (UPI)');
    expect(label(awaiting.orderNumber)).toBe('Awaiting payment');
    expect(label(late.orderNumber)).toBe('Online, not paid');
    expect(rows.every((r) => r.phone === '9876543210')).toBe(true);
  });

  it('an order paid online shows its payment and tries; a payment after release shows as a refund of its own', async () => {
    const paid = await placeOnlineTestOrder('desk-money-detail@example.in', 'paid');
    const detail = (await deskOrderDetail(paid.orderNumber))!;
    expect(detail.money!.payments).toEqual([
      expect.objectContaining({ applied: true, method: 'upi', amountPaise: paid.total * 100, gateway: 'test' }),
    ]);
    expect(detail.money!.payments[0].gatewayPaymentId).toMatch(/^pay_/);
    expect(detail.money!.attempts).toEqual([
      expect.objectContaining({ kind: 'link', gatewayRef: expect.stringMatching(/^plink_/) }),
    ]);
    expect(detail.money!.refunds).toEqual([]);
    expect(gatewayLabel('test')).toBe('Built-in test gateway (test mode: no real money moved)');

    const late = await placeOnlineTestOrder('desk-money-detail@example.in', 'late');
    await sendQueuedRefunds();
    const lateDetail = (await deskOrderDetail(late.orderNumber))!;
    expect(lateDetail.money!.payments).toEqual([expect.objectContaining({ applied: false })]);
    expect(lateDetail.money!.refunds).toEqual([
      expect.objectContaining({
        reason: 'late_payment',
        amountPaise: late.total * 100,
        status: 'pending',
        gatewayRefundId: expect.stringMatching(/^rfnd_/),
      }),
    ]);

    // Cash on delivery has no money online to show.
    expect((await deskOrderDetail(await placeTestOrder('desk-money-detail@example.in')))!.money).toBeNull();
  });
});
