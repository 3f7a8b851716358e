// Return requests as records on a real database: what the form refuses (the Refunds policy), the
// evidence it stores, the decisions the staff make and what the customer is told.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, placeTestOrder, returnFormFor } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { orders, returns } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { MOVE_MESSAGES, RETURN_CLOSED } from './apply-move.server';
import { deskOrderDetail, moveOrder } from './order-desk.server';
import { PostedForm } from '../../server/http/form.server';
import { loadOrderPage, orderFormRequest } from './order-page.server';
import { getOrderDetail } from './orders.server';
import { requestReturn } from './returns.server';
import { EXCLUDED_REASONS, RETURN_MESSAGES } from './returns-policy';

const STAFF = { id: null, name: 'Staff' };
const DAY = 86_400_000;

/** A delivered order of a signed-up customer, delivered at `deliveredAt`. */
async function deliveredOrder(email: string, deliveredAt = new Date()) {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Return Buyer', email, password: 'tulsi-leaf-42' } });
  const customer = { id: user.id, email: user.email };
  const number = await placeTestOrder(email, customer);
  for (const step of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'R1' },
    { move: 'deliver' },
  ]) {
    expect(await moveOrder(STAFF, number, step, deliveredAt)).toEqual({ ok: true });
  }
  const [order] = await (await getDb()).select().from(orders).where(eq(orders.orderNumber, number));
  return { number, customer, viewer: { customer }, order };
}

describe('the return form (Refunds policy)', () => {
  it('refuses what the policy excludes and evidence that is missing or not what it claims; nothing is stored', async () => {
    const delivered = new Date();
    const { number, viewer, order } = await deliveredOrder('form-rules@example.in', delivered);
    const soon = new Date(delivered.getTime() + 3_600_000);
    expect(
      await requestReturn(number, viewer, await returnFormFor(number, { reason: 'changed_mind' }), soon),
    ).toMatchObject({
      ok: false,
      text: EXCLUDED_REASONS.changed_mind.message,
      errors: { reason: EXCLUDED_REASONS.changed_mind.message },
    });
    expect(await requestReturn(number, viewer, await returnFormFor(number, { reason: 'opened' }), soon)).toMatchObject({
      ok: false,
      errors: { reason: EXCLUDED_REASONS.opened.message },
    });
    expect(
      await requestReturn(number, viewer, await returnFormFor(number, { video: null, photos: [] }), soon),
    ).toMatchObject({ ok: false, errors: { video: RETURN_MESSAGES.video, photos: RETURN_MESSAGES.photos } });
    const notAVideo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0])], 'clip.mp4', {
      type: 'video/mp4',
    });
    expect(await requestReturn(number, viewer, await returnFormFor(number, { video: notAVideo }), soon)).toMatchObject({
      ok: false,
      errors: { video: RETURN_MESSAGES.video },
    });
    const notAPhoto = new File([new TextEncoder().encode('not an image at all')], 'box.png', { type: 'image/png' });
    expect(
      await requestReturn(number, viewer, await returnFormFor(number, { photos: [notAPhoto] }), soon),
    ).toMatchObject({ ok: false, errors: { photos: 'That file is not a JPEG, PNG or WebP image.' } });
    expect(
      await requestReturn(
        number,
        viewer,
        await returnFormFor(number, { reason: 'damaged' }),
        new Date(delivered.getTime() + 3 * DAY),
      ),
    ).toMatchObject({ ok: false, errors: { reason: RETURN_MESSAGES.damageLate } });
    expect(
      await requestReturn(number, { customer: { id: 'someone-else' } }, await returnFormFor(number), soon),
    ).toBeNull();
    expect(await (await getDb()).select().from(returns).where(eq(returns.orderId, order.id))).toEqual([]);
    expect((await deskOrderDetail(number))!.order.status).toBe('delivered');

    expect(
      await requestReturn(
        number,
        viewer,
        await returnFormFor(number, { reason: 'incorrect', description: 'Got Ashwagandha instead of Triphala.' }),
        soon,
      ),
    ).toEqual({ ok: true, text: RETURN_MESSAGES.sent });
    const [record] = await (await getDb()).select().from(returns).where(eq(returns.orderId, order.id));
    expect(record).toMatchObject({
      status: 'requested',
      reasonCategory: 'incorrect',
      description: 'Got Ashwagandha instead of Triphala.',
      decidedAt: null,
      photos: [
        expect.stringMatching(/^\/media\/returns\/VA-\w+-[0-9a-f]{16}\.webp$/),
        expect.stringMatching(/\.webp$/),
      ],
      video: expect.stringMatching(/^\/media\/returns\/VA-\w+-[0-9a-f]+\.mp4$/),
    });
    // One open return per order.
    expect(await requestReturn(number, viewer, await returnFormFor(number), soon)).toMatchObject({
      ok: false,
      text: RETURN_MESSAGES.open,
    });
    const store = await mailsTo(process.env.STORE_EMAIL || 'care@vedara.in');
    expect(
      store.filter((m) => m.kind === 'return_store_notice' && m.subject === `Return requested: ${number}`),
    ).toHaveLength(1);
  });

  it('is open for 7 days from delivery only', async () => {
    const delivered = new Date(Date.now() - 8 * DAY);
    const { number, viewer } = await deliveredOrder('late-return@example.in', delivered);
    expect(await requestReturn(number, viewer, await returnFormFor(number, { reason: 'defective' }))).toMatchObject({
      ok: false,
      text: RETURN_CLOSED,
    });
  });
});

describe('staff decisions', () => {
  it('declining mails “declined” with the staff note, shows the note on the order page and does not reopen the window', async () => {
    const delivered = new Date(Date.now() - 5 * DAY);
    const { number, viewer, customer } = await deliveredOrder('declined@example.in', delivered);
    expect(await requestReturn(number, viewer, await returnFormFor(number, { reason: 'defective' }))).toMatchObject({
      ok: true,
    });
    expect(await moveOrder(STAFF, number, { move: 'decline_return' })).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.note,
    });
    const note = 'The video shows the seal intact and the capsules fine; we cannot accept this return.';
    expect(await moveOrder(STAFF, number, { move: 'decline_return', note })).toEqual({ ok: true });

    const mails = await mailsTo(customer.email);
    expect(mails.filter((m) => m.kind === 'order_delivered')).toHaveLength(1); // only the real delivery
    const declined = mails.filter((m) => m.kind === 'return_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0].subject).toBe(`Your return request for ${number} was declined`);
    expect(declined[0].text).toContain(`Why: ${note}`);
    expect(declined[0].text).not.toMatch(/has been delivered/);

    const detail = (await getOrderDetail(number, viewer))!;
    expect(detail.order.status).toBe('delivered');
    expect(detail.returns[0]).toMatchObject({ status: 'declined', staffNote: note });
    expect(detail.history.map((h) => h.move).slice(-2)).toEqual(['request_return', 'decline_return']);
    expect(detail.history.filter((h) => h.move === 'deliver')).toHaveLength(1);
    expect(await moveOrder(STAFF, number, { move: 'accept_return' })).toMatchObject({ ok: false });

    // Still inside the first 7 days: the customer may ask once more; past them, not even after the decline.
    const page = await loadOrderPage(number, viewer);
    expect(page).toMatchObject({ returnable: true });
    const eightDaysAfterDelivery = new Date(delivered.getTime() + 8 * DAY);
    expect((await loadOrderPage(number, viewer, undefined, eightDaysAfterDelivery))?.returnable).toBe(false);
  });

  it('refunds at most what the returned lines cost, and only after the parcel is received', async () => {
    const { number, viewer, order } = await deliveredOrder('refund-cap@example.in');
    expect(await requestReturn(number, viewer, await returnFormFor(number, { reason: 'defective' }))).toMatchObject({
      ok: true,
    });
    expect(await moveOrder(STAFF, number, { move: 'receive_return' })).toEqual({
      ok: false,
      code: 'conflict',
      message: MOVE_MESSAGES.acceptFirst,
    });
    expect(await moveOrder(STAFF, number, { move: 'accept_return' })).toEqual({ ok: true });
    expect(await moveOrder(STAFF, number, { move: 'refund', refundAmount: '1' })).toEqual({
      ok: false,
      code: 'conflict',
      message: 'An order that is return requested cannot be marked refunded.',
    });
    expect(await moveOrder(STAFF, number, { move: 'receive_return' })).toEqual({ ok: true });
    const payoutReference = 'UTR 123456789012';
    for (const refundAmount of [String(order.total + 1), `${order.total}.01`, '0', '-5', 'all', '1e3']) {
      expect(await moveOrder(STAFF, number, { move: 'refund', refundAmount, payoutReference }), refundAmount).toEqual({
        ok: false,
        code: 'unprocessable',
        message: MOVE_MESSAGES.refund(order.total * 100),
      });
    }
    // Less than the returned lines cost needs a reason; a cash-on-delivery refund needs its payout reference.
    expect(await moveOrder(STAFF, number, { move: 'refund', refundAmount: '100', payoutReference })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: MOVE_MESSAGES.refundLess,
    });
    expect(await moveOrder(STAFF, number, { move: 'refund', refundAmount: '' })).toEqual({
      ok: false,
      code: 'unprocessable',
      message: MOVE_MESSAGES.payoutReference,
    });
    expect((await getOrderDetail(number, viewer))!.returns[0]).toMatchObject({ status: 'received', refundPaise: null });
    expect(await moveOrder(STAFF, number, { move: 'refund', refundAmount: '', payoutReference })).toEqual({ ok: true });
    const detail = (await getOrderDetail(number, viewer))!;
    expect(detail.returns[0]).toMatchObject({ status: 'refunded', refundPaise: order.total * 100, payoutReference });
    expect((await mailsTo(order.email)).filter((m) => m.kind === 'order_refunded')).toHaveLength(1);
  });
});

describe('the database keeps the rules', () => {
  it('one open return per order, a refund within the order total, known statuses only', async () => {
    const { order } = await deliveredOrder('constraints@example.in');
    const db = await getDb();
    const base = {
      orderId: order.id,
      reasonCategory: 'damaged' as const,
      description: 'Broken seal on arrival.',
      photos: [],
    };
    await db.insert(returns).values(base);
    await expect(db.insert(returns).values(base)).rejects.toThrow();
    const now = new Date();
    await expect(
      db
        .update(returns)
        .set({
          status: 'refunded',
          decidedAt: now,
          receivedAt: now,
          refundedAt: now,
          refundPaise: order.total * 100 + 1,
        })
        .where(eq(returns.orderId, order.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`update returns set status = 'lost' where order_id = ${order.id}`)).rejects.toThrow();
    await expect(
      db.update(returns).set({ status: 'declined', decidedAt: now }).where(eq(returns.orderId, order.id)),
    ).rejects.toThrow(); // a decline needs its note
    await db
      .update(returns)
      .set({ status: 'refunded', decidedAt: now, receivedAt: now, refundedAt: now, refundPaise: order.total * 100 })
      .where(eq(returns.orderId, order.id));
    await db.insert(returns).values(base); // the refunded one is closed: a new one may open
  });
});

describe('the order page’s forms (through the form helper)', () => {
  const posted = (fields: Record<string, string>, form = new FormData()) => {
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return new PostedForm(form);
  };

  it('answers each refusal with its code: an order the viewer may not see, a cancel too late, a return form to fix, an unknown button', async () => {
    const delivered = new Date();
    const { number, viewer } = await deliveredOrder('order-forms@example.in', delivered);
    const stranger = { customer: { id: 'someone-else', email: 'else@example.in' } };
    expect(await orderFormRequest(posted({ intent: 'cancel' }), number, stranger)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await orderFormRequest(posted({ intent: 'cancel' }), number, viewer)).toMatchObject({
      ok: false,
      code: 'conflict',
    });
    expect(await orderFormRequest(posted({ intent: 'ship' }), number, viewer)).toMatchObject({
      ok: false,
      code: 'invalid',
    });

    const missingEvidence = posted({ intent: 'return' }, await returnFormFor(number, { video: null, photos: [] }));
    const refused = await orderFormRequest(missingEvidence, number, viewer, new Date(delivered.getTime() + 3_600_000));
    expect(refused).toMatchObject({ ok: false, code: 'unprocessable', target: 'return', returnAnswer: { ok: false } });
    const page = await loadOrderPage(number, viewer, refused);
    expect(page?.notice).toMatchObject({ ok: false });
    expect(page?.returnForm?.answer.ok).toBe(false);

    const late = posted({ intent: 'return' }, await returnFormFor(number, {}));
    expect(await orderFormRequest(late, number, viewer, new Date(delivered.getTime() + 8 * DAY))).toMatchObject({
      ok: false,
      code: 'conflict',
      message: RETURN_CLOSED,
    });
    expect(await getOrderDetail(number, viewer)).toMatchObject({ order: { status: 'delivered' }, returns: [] });
  });
});
