// Returns by line on a real database: a customer sends back one line of an order bought with the
// first-order offer and reward points; the refund is what that line cost by the allocation rule, the
// points spent on it come back in proportion, the order reads partially refunded, the credit note
// credits that line only, and the desk counts what the store kept. Over-returns and second refunds
// are refused and change nothing.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, returnFormFor } from '../../../tests/support/orders';
import { DESK_TESTER as staff, deliveredTwoLineOrder, moneyState } from '../../../tests/support/two-line-orders';
import { getDb } from '../../db/client';
import { creditNotes, returnLines, returns } from '../../db/schema';
import { lineShares } from '../../lib/refund-allocation';
import { customerDetail } from '../admin/customers/customers.server';
import { PostedForm } from '../../server/http/form.server';
import { documentResponse } from '../invoices/order-documents.server';
import { rewardsSummary } from '../rewards/rewards.server';
import { applyMove, MOVE_MESSAGES } from './apply-move.server';
import { deskOrderDetail, moveOrder } from './order-desk.server';
import { loadOrderPage, orderFormRequest } from './order-page.server';
import { requestReturn } from './returns.server';
import { RETURN_MESSAGES } from './returns-policy';

const payoutReference = 'UTR 998877665544';

describe('returning one line of an order', () => {
  it('refunds what that line cost after the offer and points, gives back its share of the points, and reads partially refunded', async () => {
    const { number, user, viewer, order, lines } = await deliveredTwoLineOrder('partial.return@example.in');
    expect(order.discount).toBeGreaterThan(0); // the first-order offer
    expect(order.pointsRedeemed).toBe(10_000);
    const [single, pair] = lines;
    // The rule's own figures for the pair's line, computed apart from the store's code path.
    const shares = lineShares({ ...order, lines });
    const onePairUnit = { paise: Math.floor(shares[1].value / 2), points: Math.floor(shares[1].points / 2) };

    expect(await requestReturn(number, viewer, await returnFormFor(number, { units: { [pair.id]: 1 } }))).toEqual({
      ok: true,
      text: RETURN_MESSAGES.sent,
    });
    expect(await moveOrder(staff, number, { move: 'accept_return' })).toEqual({ ok: true });
    expect(await moveOrder(staff, number, { move: 'receive_return' })).toEqual({ ok: true });
    const desk = (await deskOrderDetail(number))!;
    expect(desk.refundDue).toMatchObject({ paise: onePairUnit.paise, points: onePairUnit.points, shippingPaise: 0 });
    // More than the returned line cost is refused, whatever the desk types.
    expect(
      await moveOrder(staff, number, { move: 'refund', refundAmount: String(order.total), payoutReference }),
    ).toEqual({ ok: false, code: 'unprocessable', message: MOVE_MESSAGES.refund(onePairUnit.paise) });

    const balanceBefore = (await rewardsSummary(user)).balance;
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '', payoutReference })).toEqual({ ok: true });
    const after = await moneyState(order.id, user.id);
    expect(after.status).toBe('partially_refunded');
    expect(after.refunds).toEqual([{ paise: onePairUnit.paise, status: 'refunded' }]);
    // Only that line's share of the 10 000 points comes back; the points earned go back in the refund's proportion.
    expect(after.ledger.filter((e) => e.reason === 'redemption_refund')).toEqual([
      { delta: onePairUnit.points, reason: 'redemption_refund' },
    ]);
    const earned = after.ledger.find((e) => e.reason === 'order')!.delta;
    const takenBack = Math.floor((earned * onePairUnit.paise) / (order.total * 100));
    expect(after.ledger.filter((e) => e.reason === 'order_reversal')).toEqual([
      { delta: -takenBack, reason: 'order_reversal' },
    ]);
    expect(after.balance).toBe(balanceBefore + onePairUnit.points - takenBack);

    // The credit note credits the returned unit of that line only, split as on the invoice.
    const db = await getDb();
    const [creditNote] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(creditNote.totalPaise).toBe(onePairUnit.paise);
    expect(creditNote.lines).toHaveLength(1);
    expect(creditNote.lines[0]).toMatchObject({
      description: pair.name,
      quantity: 1,
      value: onePairUnit.paise,
      invoiceValue: shares[1].value,
    });
    expect(creditNote.lines[0].value).toBe(
      creditNote.lines[0].taxable + creditNote.lines[0].cgst + creditNote.lines[0].sgst,
    );

    // What the customer and the desk read.
    const page = (await loadOrderPage(number, viewer))!;
    expect(page.detail.order.status).toBe('partially_refunded');
    expect(page.returnable).toBe(true); // the single jar and the other unit may still come back
    expect(page.returnUnits.map((l) => l.left)).toEqual([1, 1]);
    const refundMail = (await mailsTo(user.email)).find((m) => m.kind === 'order_refunded')!;
    expect(refundMail.text).toContain('UPI m•••@okaxis');
    expect(refundMail.text).not.toContain('meera.iyer@okaxis');
    expect(refundMail.text).toContain(`${onePairUnit.points.toLocaleString('en-IN')} reward points`);
    expect(refundMail.text).toContain(`${pair.name} × 1`);
    expect((await customerDetail(user.id))!.customer.totalSpent).toBe(
      Math.round((order.total * 100 - onePairUnit.paise) / 100),
    );

    // A second refund of the same return is refused and changes nothing.
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '', payoutReference })).toMatchObject({
      ok: false,
    });
    expect(await moneyState(order.id, user.id)).toEqual(after);

    // The rest comes back: everything paid and every point spent is returned, exactly; the order reads refunded.
    expect(
      await requestReturn(
        number,
        viewer,
        await returnFormFor(number, {
          units: { [single.id]: 1, [pair.id]: 1 },
          payout: { payoutMethod: 'bank', payoutAccount: '123456781234', payoutIfsc: 'SBIN0001234' },
        }),
      ),
    ).toMatchObject({ ok: true });
    for (const move of ['accept_return', 'receive_return'])
      expect(await moveOrder(staff, number, { move })).toEqual({ ok: true });
    expect((await deskOrderDetail(number))!.openReturn).toMatchObject({
      refundAccount: '123456781234',
      refundIfsc: 'SBIN0001234',
    });
    expect(await moveOrder(staff, number, { move: 'refund', refundAmount: '', payoutReference: 'UTR 2' })).toEqual({
      ok: true,
    });
    const whole = await moneyState(order.id, user.id);
    expect(whole.status).toBe('refunded');
    expect(whole.refunds.reduce((sum, r) => sum + (r.paise ?? 0), 0)).toBe(order.total * 100);
    expect(whole.ledger.filter((e) => e.reason === 'redemption_refund').reduce((sum, e) => sum + e.delta, 0)).toBe(
      order.pointsRedeemed,
    );
    expect(whole.ledger.filter((e) => e.reason === 'order_reversal').reduce((sum, e) => sum + e.delta, 0)).toBe(
      -earned,
    );
    expect(whole.creditNotes).toBe(2);
    expect((await documentResponse(number, 'credit-note-2', viewer)).status).toBe(200);
    expect((await customerDetail(user.id))!.customer.totalSpent).toBe(0);
    expect((await loadOrderPage(number, viewer))!.returnable).toBe(false); // nothing left to send back
  });
});

describe('over-returns', () => {
  it('refuses more units than were bought, in the form, under the order lock and in the database; nothing changes', async () => {
    const { number, user, viewer, order, lines } = await deliveredTwoLineOrder('over.return@example.in');
    const [single, pair] = lines;
    const before = await moneyState(order.id, user.id);
    const form = (fields: Record<string, string>, data: FormData) => {
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return new PostedForm(data);
    };
    const tooMany = await orderFormRequest(
      form({ intent: 'return' }, await returnFormFor(number, { units: { [pair.id]: 3 } })),
      number,
      viewer,
    );
    expect(tooMany).toMatchObject({
      ok: false,
      code: 'unprocessable',
      returnAnswer: { errors: { lines: RETURN_MESSAGES.lines } },
    });
    const none = await orderFormRequest(
      form({ intent: 'return' }, await returnFormFor(number, { units: { [pair.id]: 0 } })),
      number,
      viewer,
    );
    expect(none).toMatchObject({
      ok: false,
      code: 'unprocessable',
      returnAnswer: { errors: { lines: RETURN_MESSAGES.lines } },
    });
    const badUpi = await orderFormRequest(
      form({ intent: 'return' }, await returnFormFor(number, { payout: { payoutMethod: 'upi', payoutUpi: 'meera' } })),
      number,
      viewer,
    );
    expect(badUpi).toMatchObject({
      ok: false,
      code: 'unprocessable',
      returnAnswer: { errors: { upi: 'Enter a UPI ID such as name@okaxis.' } },
    });

    // The move checks again under the order's lock (a form checked against an older state).
    const request = {
      reasonCategory: 'damaged' as const,
      description: 'Both jars arrived cracked.',
      photos: [],
      video: '',
      destination: null,
    };
    expect(
      await applyMove(order.id, 'request_return', {
        now: new Date(),
        newReturn: { ...request, lines: [{ orderLineId: pair.id, quantity: 3 }] },
      }),
    ).toEqual({ ok: false, code: 'conflict', message: MOVE_MESSAGES.tooMany(pair.name, 2) });
    expect(
      await applyMove(order.id, 'request_return', {
        now: new Date(),
        newReturn: { ...request, lines: [{ orderLineId: single.id + 100_000, quantity: 1 }] },
      }),
    ).toEqual({ ok: false, code: 'conflict', message: MOVE_MESSAGES.lines });
    expect(await moneyState(order.id, user.id)).toEqual(before);
    expect(await (await getDb()).select().from(returns).where(eq(returns.orderId, order.id))).toEqual([]);

    // The database holds the rule for any other writer.
    const db = await getDb();
    const [open] = await db
      .insert(returns)
      .values({ orderId: order.id, reasonCategory: 'damaged', description: 'Written by hand.' })
      .returning();
    await expect(
      db.insert(returnLines).values({ returnId: open.id, orderLineId: pair.id, quantity: 3 }),
    ).rejects.toThrow();
    await expect(
      db.insert(returnLines).values({ returnId: open.id, orderLineId: pair.id, quantity: 0 }),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into return_lines (return_id, order_line_id, quantity)
      select ${open.id}, id, 1 from order_lines where order_id <> ${order.id} limit 1`),
    ).rejects.toThrow();
    await db.insert(returnLines).values({ returnId: open.id, orderLineId: pair.id, quantity: 2 });
  });
});
