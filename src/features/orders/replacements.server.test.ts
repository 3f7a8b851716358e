// Replacements on a real database: a customer asks for a replacement of one unit of one line of an
// order bought with the first-order offer and reward points; the desk accepts, receives and sends it.
// The packs leave the sellable total and a batch within the shelf-life line (never a short-dated one),
// once under three concurrent clicks; no money, credit note or points move, and the customer's page
// and mail show the replacement with its tracking. Out of stock, the desk is told so, nothing changes,
// and the return switched to a refund is refunded exactly as the allocation rule says.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../../../tests/support/batches';
import { mailsTo, returnFormFor } from '../../../tests/support/orders';
import { DESK_TESTER as staff, deliveredTwoLineOrder, moneyState } from '../../../tests/support/two-line-orders';
import { getDb } from '../../db/client';
import {
  deliveryChallans,
  emailOutbox,
  invoices,
  orderLines,
  productStock,
  replacementBatches,
  returns,
  stockBatches,
} from '../../db/schema';
import { orderDocumentPdf } from '../invoices/order-documents.server';
import { pdfText } from '../../../tests/support/pdf';
import { lineShares } from '../../lib/refund-allocation';
import { customerDetail } from '../admin/customers/customers.server';
import { salesReport } from '../admin/reports/reports.server';
import { addBatchIn, BATCH_MESSAGES, productBatches, removeBatchPacks, stockBalance } from '../stock/batches.server';
import { MOVE_MESSAGES } from './apply-move.server';
import { deskOrderDetail, moveOrder } from './order-desk.server';
import { loadOrderPage } from './order-page.server';
import { requestReturn } from './returns.server';
import { RETURN_MESSAGES } from './returns-policy';

const payoutReference = 'UTR 445566778899';

/** The packs of a product a shopper and the desk can count: sellable, and left in each batch. */
async function stockOf(productId: number) {
  const db = await getDb();
  const [sellable] = await db.select().from(productStock).where(eq(productStock.productId, productId));
  const batches = await db.select().from(stockBatches).where(eq(stockBatches.productId, productId));
  return {
    sellable: sellable.quantity,
    batches: Object.fromEntries(batches.map((b) => [b.batchNumber, b.remaining])),
  };
}

/** The order's line with its product and plan. */
async function lineRow(id: number) {
  const db = await getDb();
  const [line] = await db.select().from(orderLines).where(eq(orderLines.id, id));
  return line;
}

/** A delivered order whose `which` line's one unit is on its way back for a replacement, received at the desk. */
async function receivedReplacement(email: string, which: 0 | 1) {
  const order = await deliveredTwoLineOrder(email);
  const line = await lineRow(order.lines[which].id);
  expect(
    await requestReturn(
      order.number,
      order.viewer,
      await returnFormFor(order.number, { units: { [line.id]: 1 }, resolution: 'replacement' }),
    ),
  ).toEqual({ ok: true, text: RETURN_MESSAGES.sent });
  for (const move of ['accept_return', 'receive_return'])
    expect(await moveOrder(staff, order.number, { move }), move).toEqual({ ok: true });
  return { ...order, line };
}

describe('a replacement of one line', () => {
  it('is asked for per line and unit, and a form that says neither refund nor replacement is refused', async () => {
    const { number, viewer, lines } = await deliveredTwoLineOrder('replacement.form@example.in');
    const forged = await requestReturn(
      number,
      viewer,
      await returnFormFor(number, { units: { [lines[1].id]: 1 }, resolution: 'store-credit' }),
    );
    expect(forged).toMatchObject({ ok: false, errors: { resolution: RETURN_MESSAGES.resolution } });
    const db = await getDb();
    expect(
      await db
        .select()
        .from(returns)
        .where(eq(returns.orderId, (await lineRow(lines[1].id)).orderId)),
    ).toEqual([]);

    expect(
      await requestReturn(
        number,
        viewer,
        await returnFormFor(number, { units: { [lines[1].id]: 1 }, resolution: 'replacement' }),
      ),
    ).toMatchObject({ ok: true });
    const page = (await loadOrderPage(number, viewer))!;
    expect(page.detail.returns).toMatchObject([{ resolution: 'replacement', status: 'requested' }]);
    expect(page.detail.returnLines).toMatchObject([{ orderLineId: lines[1].id, quantity: 1 }]);
    const [asked] = (await mailsTo('replacement.form@example.in')).filter((m) => m.kind === 'return_requested');
    expect(asked.text).toContain('request for a replacement');
    expect(asked.text).toContain(`${lines[1].name} × 1`);
  });

  it('is sent once under concurrent clicks, from a batch within the shelf-life line, and moves no money, credit note or points', async () => {
    const { number, user, viewer, order, line, lines } = await receivedReplacement('replacement.sent@example.in', 1);
    const packs = line.months; // one unit of the line's plan
    // A short-dated batch of the product, expiring before any other: first-expiring first must pass it by.
    const db = await getDb();
    const shortDated = await db.transaction((tx) =>
      addBatchIn(
        tx,
        line.productId,
        { batchNumber: 'SHORT-0001', manufacturedOn: dayFromToday(-700), expiresOn: dayFromToday(20), packs: 5 },
        new Date(),
      ),
    );
    expect(shortDated).toBe(true);
    const [short] = (await productBatches(line.productId)).filter((b) => b.batchNumber === 'SHORT-0001');
    const money = await moneyState(order.id, user.id);
    const stock = await stockOf(line.productId);

    // The refund move does not apply to a return that asks for a replacement.
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '', payoutReference })).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.asksReplacement,
    });
    // The desk is offered this product's batches; the short-dated one is refused if chosen.
    const desk = (await deskOrderDetail(number))!;
    expect(desk.shipFrom).toMatchObject([{ productId: line.productId, packs }]);
    expect(desk.shipFrom[0].batches.find((b) => b.id === short.id)).toMatchObject({ eligible: false });
    const send = { move: 'send_replacement', courier: 'Delhivery', trackingNumber: 'DLR-5550001' };
    expect(await moveOrder(staff, number, { ...send, batches: { [line.productId]: short.id } })).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.shipBelowLine('SHORT-0001', line.name),
    });
    expect(await moveOrder(staff, number, { ...send, courier: '' })).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.shipment,
    });

    const report = await salesReport('today');

    // Three clicks at once: one replacement leaves.
    const results = await Promise.all([1, 2, 3].map(() => moveOrder(staff, number, send)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, code: 'conflict', message: MOVE_MESSAGES.replacedAlready },
      { ok: false, code: 'conflict', message: MOVE_MESSAGES.replacedAlready },
    ]);

    // Stock: the packs left the sellable total and one batch within the line (FEFO), not the short one.
    const after = await stockOf(line.productId);
    expect(after.sellable).toBe(stock.sellable - packs);
    expect(after.batches['SHORT-0001']).toBe(5);
    const taken = Object.entries(stock.batches).filter(([batch, left]) => after.batches[batch] !== left);
    expect(taken).toHaveLength(1);
    expect(after.batches[taken[0][0]]).toBe(taken[0][1] - packs);
    const balance = await stockBalance(db, line.productId);
    expect(balance.inBatches).toBe(balance.sellable + balance.awaitingShipment);
    const [replaced] = await db.select().from(returns).where(eq(returns.orderId, order.id));
    expect(await db.select().from(replacementBatches).where(eq(replacementBatches.returnId, replaced.id))).toEqual([
      expect.objectContaining({ orderLineId: line.id, packs }),
    ]);
    // The desk reads which batch the replacement left from (a recall finds it).
    expect((await deskOrderDetail(number))!.replacedFrom).toEqual([
      expect.objectContaining({ returnId: replaced.id, batchNumber: taken[0][0], packs }),
    ]);

    // Money: nothing moved. No refund, no credit note, no points; the order is back to delivered and
    // the desk counts everything it was paid.
    const moneyAfter = await moneyState(order.id, user.id);
    expect(moneyAfter).toEqual({ ...money, status: 'delivered', refunds: [{ paise: null, status: 'replaced' }] });
    expect(money.status).toBe('returned');
    expect((await customerDetail(user.id))!.customer.totalSpent).toBe(order.total);
    // The reports: the same revenue (the store kept the money) and the same products sold.
    const reportAfter = await salesReport('today');
    expect(reportAfter.totals).toEqual(report.totals);
    expect(reportAfter.topProducts).toEqual(report.topProducts);

    // The customer's page and mail show the replacement with its tracking.
    const page = (await loadOrderPage(number, viewer))!;
    const sent = page.detail.history.find((h) => h.id === page.detail.returns[0].replacementHistoryId);
    expect(sent).toMatchObject({ move: 'send_replacement', courier: 'Delhivery', trackingNumber: 'DLR-5550001' });
    expect(page.returnUnits.find((l) => l.id === line.id)!.left).toBe(1); // the replaced unit was sent back once
    const mail = (await mailsTo(user.email)).filter((m) => m.kind === 'replacement_shipped');
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Your replacement for ${number} has shipped`);
    expect(mail[0].text).toContain('Your tracking number is DLR-5550001');
    // Like the first parcel's mail, it links to the parcel on the courier's site (the desk's courier list).
    expect(mail[0].text).toContain(
      'Follow the parcel on Delhivery’s site: https://www.delhivery.com/track-v2/package/DLR-5550001',
    );
    expect(mail[0].text).toContain(`${line.name} × 1`);
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'order_refunded')).toHaveLength(0);

    // The goods travel with a delivery challan (rule 55), no new invoice: the replaced unit, valued as
    // invoiced, no tax charged; numbered in its own series, on the customer's page and in the mail.
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const byId = lines.map((l) => l.id).sort((a, b) => a - b);
    const invoiced = invoice.lines[byId.indexOf(line.id)];
    const [challan] = await db.select().from(deliveryChallans).where(eq(deliveryChallans.orderId, order.id));
    expect(challan.challanNumber).toMatch(/^VDC\/\d\d-\d\d\/\d{6}$/);
    expect(challan).toMatchObject({ invoiceId: invoice.id, returnId: replaced.id });
    const unitValue = Math.round(invoiced.taxable / invoiced.quantity);
    expect(challan.lines).toEqual([
      { description: invoiced.description, hsn: invoiced.hsn, rate: invoiced.rate, quantity: 1, value: unitValue },
    ]);
    expect(challan.valuePaise).toBe(unitValue);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    // The signed-in owner's own link (no token needed).
    expect(page.challans).toEqual([{ number: challan.challanNumber, url: `/orders/${number}/delivery-challan.pdf` }]);
    expect(mail[0].text).toContain(`Its delivery challan ${challan.challanNumber} is attached as a PDF.`);
    const [queued] = await db
      .select({ attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'replacement_shipped'));
    expect(queued.attachments).toEqual([{ kind: 'delivery-challan', orderId: order.id, nth: 1 }]);
    const pdf = (await orderDocumentPdf('delivery-challan', order.id))!;
    expect(pdf.filename).toBe(`delivery-challan-${challan.challanNumber.replaceAll('/', '-')}.pdf`);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('DELIVERY CHALLAN');
    expect(text).toContain(`Challan number: ${challan.challanNumber}`);
    expect(text).toContain(`Original invoice: ${invoice.invoiceNumber}`);
    expect(text).toContain('no tax is charged');
  });
});

describe('a replacement of an order delivered before invoices were issued', () => {
  it('is sent without a challan, and the move does not fail', async () => {
    const { number, order, line } = await receivedReplacement('replacement.uninvoiced@example.in', 0);
    const db = await getDb();
    await db.delete(invoices).where(eq(invoices.orderId, order.id));
    const send = { move: 'send_replacement', courier: 'Delhivery', trackingNumber: 'DLR-5550002' };
    expect(await moveOrder(staff, number, send)).toEqual({ ok: true });
    expect(await db.select().from(deliveryChallans).where(eq(deliveryChallans.orderId, order.id))).toEqual([]);
    const [replaced] = await db.select().from(returns).where(eq(returns.orderId, order.id));
    expect(await db.select().from(replacementBatches).where(eq(replacementBatches.returnId, replaced.id))).toEqual([
      expect.objectContaining({ orderLineId: line.id }),
    ]);
  });
});

describe('a replacement out of stock', () => {
  it('tells the desk and changes nothing; switched to a refund it refunds exactly the allocation', async () => {
    const { number, user, order, lines, line } = await receivedReplacement('replacement.short@example.in', 0);
    // Every pack of the product is removed from stock (damaged in the warehouse, say).
    for (const batch of await productBatches(line.productId))
      expect(await removeBatchPacks(line.productId, batch.id, String(batch.remaining))).toMatchObject({ ok: true });
    const stock = await stockOf(line.productId);
    expect(stock.sellable).toBe(0);
    const money = await moneyState(order.id, user.id);

    const refused = await moveOrder(staff, number, {
      move: 'send_replacement',
      courier: 'Delhivery',
      trackingNumber: 'DLR-5550002',
    });
    expect(refused).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.replaceShort(line.name, line.months, 0),
    });
    expect(refused.ok || refused.message).toMatch(/^Out of stock: .* or refund the returned items instead\.$/);
    expect(await stockOf(line.productId)).toEqual(stock);
    expect(await moneyState(order.id, user.id)).toEqual(money);
    const db = await getDb();
    const [open] = await db.select().from(returns).where(eq(returns.orderId, order.id));
    expect(open).toMatchObject({ status: 'received', resolution: 'replacement', replacementHistoryId: null });

    // Switched to a refund, the return follows the refund path: the allocation rule's amount, its
    // points, a credit note for that line, the order partially refunded.
    expect(await moveOrder(staff, number, { move: 'switch_to_refund' })).toEqual({ ok: true });
    const [switched] = await db.select().from(returns).where(eq(returns.id, open.id));
    expect(switched).toMatchObject({ status: 'received', resolution: 'refund' });
    expect(switched.switchedToRefundAt).toBeInstanceOf(Date);
    expect(
      await moveOrder(staff, number, { move: 'send_replacement', courier: 'Delhivery', trackingNumber: 'Y' }),
    ).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.asksRefund,
    });
    const shares = lineShares({ ...order, lines });
    const due = (await deskOrderDetail(number))!.refundDue!;
    expect(due).toMatchObject({ paise: shares[0].value, points: shares[0].points, shippingPaise: 0 });
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '', payoutReference })).toEqual({
      ok: true,
    });
    const after = await moneyState(order.id, user.id);
    expect(after.status).toBe('partially_refunded');
    expect(after.refunds).toEqual([{ paise: shares[0].value, status: 'refunded' }]);
    expect(after.creditNotes).toBe(1);
    expect(after.ledger.filter((e) => e.reason === 'redemption_refund')).toEqual([
      { delta: shares[0].points, reason: 'redemption_refund' },
    ]);
    expect(
      await db
        .select()
        .from(replacementBatches)
        .where(inArray(replacementBatches.returnId, [open.id])),
    ).toEqual([]);
    const kinds = (await mailsTo(user.email)).map((m) => m.kind);
    expect(kinds).toContain('replacement_refunded_instead');
    expect(kinds).toContain('order_refunded');
  });
});
