// The DPDP data rights on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a customer
// with data in every kind of table downloads it (each table's rows are in the file), then deletes the
// account. Afterwards no column of any table in src/db (enumerated from the Drizzle schema, not listed
// by hand) holds their email, name, phone, street address or UPI ID, but for the confirmation mail until
// it is sent; their invoices and credit notes are unchanged and the orders keep the tax fields (for a
// business purchase also the buyer's GSTIN, legal name and address the tax invoice must name).
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartWith } from '../support/carts';
import { placeOnlineTestOrder } from '../support/online-orders';
import { linesOf, returnFormFor } from '../support/orders';
import { getDb } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import {
  appointments,
  backInStockRequests,
  consultationLeads,
  creditNotes,
  emailOutbox,
  grievances,
  invoices,
  messageOutbox,
  orderLines,
  orders,
  productReviews,
  productStock,
  reminderSends,
  session,
  user,
  wishlistItems,
} from '../../src/db/schema';
import { getAuth } from '../../src/features/auth/auth.server';
import { placeOrder } from '../../src/features/checkout/checkout.server';
import { processOutbox } from '../../src/server/mail/outbox.server';
import { deliverTestWebhooks, processPendingEvents } from '../../src/features/payments/webhooks.server';
import { fileGrievanceRequest } from '../../src/features/grievances/grievances.server';
import { PostedForm } from '../../src/server/http/form.server';
import { subscribe } from '../../src/features/newsletter/newsletter.server';
import { moveOrder } from '../../src/features/orders/order-desk.server';
import { requestReturn } from '../../src/features/orders/returns.server';
import { recordConsent } from '../../src/features/privacy/consent-records.server';
import { logStaffAccess } from '../../src/features/privacy/data-access-log.server';
import { personalData } from '../../src/features/privacy/data-export.server';
import { eraseAccount } from '../../src/features/privacy/erasure.server';
import { requestBackInStock, sendBackInStockNotices } from '../../src/features/restock/restock.server';
import '../../src/features/invoices/mail-attachments.server';

const staff = { id: null, name: 'Desk Tester' };
const PERSON = {
  name: 'Zenobia Quartermain',
  email: 'zenobia.quartermain@example.in',
  phone: '9812345670',
  line1: '77 Zinnia Lane',
  upi: 'zenobia.q@okaxis',
};
const ADDRESS = {
  name: PERSON.name,
  line1: PERSON.line1,
  line2: 'Near the Zinnia Temple',
  city: 'Haridwar',
  state: 'Uttarakhand',
  pin: '249401',
};
/** What identifies the person: none of it may remain anywhere once the account is erased. */
const TRACES = [PERSON.email, PERSON.name, PERSON.phone, PERSON.line1, 'Zinnia Temple', PERSON.upi];

/** A business buying on the person's account: the invoice must name it, its GSTIN and its address. */
const BUSINESS = {
  gstin: '27AAPFU0939F1ZV',
  address: {
    name: 'Xylocarp Wellness LLP',
    line1: '5 Xylo Industrial Estate',
    line2: 'Andheri East',
    city: 'Mumbai',
    state: 'Maharashtra',
    pin: '400069',
  },
};

async function order(customer: { id: string; email: string } | null, key: string, business?: typeof BUSINESS) {
  const cart = await cartWith([{ productId: 2, quantity: 1 }], customer);
  const placed = await placeOrder(
    {
      email: PERSON.email,
      phone: PERSON.phone,
      address: business?.address ?? ADDRESS,
      gstin: business?.gstin,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `data-rights-${key}-${Date.now()}`,
    },
    cart,
    customer,
  );
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  return placed.orderNumber;
}

async function deliver(number: string) {
  for (const move of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${number}` },
    { move: 'deliver' },
  ])
    expect(await moveOrder(staff, number, move), move.move).toEqual({ ok: true });
}

/** Every (table, column) of the Drizzle schema whose text holds one of the traces. */
async function tracesLeft(): Promise<{ table: string; column: string; trace: string; kind?: string }[]> {
  const db = await getDb();
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
  const found: { table: string; column: string; trace: string; kind?: string }[] = [];
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  // One query per table (every column against every trace), not one per column and trace: thousands of
  // round trips made this test take minutes on a busy machine.
  // The built-in test gateway's own records stand in for the gateway's (Razorpay keeps its payment
  // records under its own law, as the privacy notice says); the store erases what it holds.
  for (const table of tables.filter((t) => t.name !== 'test_gateway_objects')) {
    const kind = table.name === 'email_outbox' ? 'kind::text' : 'null::text';
    const probes = table.columns.flatMap((column) =>
      TRACES.map(
        (trace) =>
          `select ${quote(column.name)} as column, ${quote(trace)} as trace, ${kind} as kind from "${table.name}" where "${column.name}"::text ilike ${quote(`%${trace}%`)}`,
      ),
    );
    const result = (await db.execute(sql.raw(probes.join(' union all ')))) as unknown as
      | { column: string; trace: string; kind: string | null }[]
      | { rows: { column: string; trace: string; kind: string | null }[] };
    const rows = Array.isArray(result) ? result : result.rows;
    for (const row of rows)
      found.push({ table: table.name, column: row.column, trace: row.trace, ...(row.kind && { kind: row.kind }) });
  }
  return found;
}

describe('download my data, then delete my account', () => {
  it('the file holds every table’s rows; erasure leaves no trace outside the invoices, which stay as they were', async () => {
    const auth = await getAuth();
    const { user: person } = await auth.api.signUpEmail({
      body: { name: PERSON.name, email: PERSON.email, password: 'tulsi-leaf-42' },
    });
    const customer = { id: person.id, email: person.email };
    const sessionUser = {
      ...customer,
      name: person.name,
      emailVerified: false,
      image: null,
      twoFactorEnabled: false,
      phoneNumber: `+91${PERSON.phone}`,
    };
    // The mobile on the account (phone sign-in), and a sign-in code sent to it by SMS, which is no order's.
    await (await getDb())
      .update(user)
      .set({ phoneNumber: `+91${PERSON.phone}`, phoneNumberVerified: true })
      .where(eq(user.id, person.id));
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: `+91${PERSON.phone}` } });

    // Orders: one signed in (delivered, returned with a UPI refund), one as a guest under the same email.
    const signedInOrder = await order(customer, 'account');
    await deliver(signedInOrder);
    const returned = await requestReturn(
      signedInOrder,
      { customer },
      await returnFormFor(signedInOrder, { payout: { payoutMethod: 'upi', payoutUpi: PERSON.upi } }),
    );
    expect(returned, JSON.stringify(returned)).toMatchObject({ ok: true });
    const guestOrder = await order(null, 'guest');
    await deliver(guestOrder);
    // A business purchase on the account: its tax invoice names the buyer's GSTIN, legal name and address.
    const businessOrder = await order(customer, 'business', BUSINESS);
    await deliver(businessOrder);
    for (const move of [
      { move: 'accept_return' },
      { move: 'receive_return' },
      { move: 'refund', refundAmount: '', payoutReference: 'UTR 123456789012' },
    ])
      expect(await moveOrder(staff, signedInOrder, move), move.move).toEqual({ ok: true });

    // A guest order under the same email paid online: the gateway's payment names the payer (email,
    // phone, UPI ID), and its webhooks are kept.
    const onlineOrder = (await placeOnlineTestOrder(PERSON.email, 'paid', { phone: PERSON.phone, address: ADDRESS }))
      .orderNumber;
    expect(await deliverTestWebhooks()).toBeGreaterThan(0);
    expect(await processPendingEvents()).toBeGreaterThan(0);

    // Everything else a customer can leave with the store.
    const db = await getDb();
    await cartWith([{ productId: 3, quantity: 2 }], customer);
    await db.insert(wishlistItems).values({ userId: person.id, productId: 4 });
    await db.insert(productReviews).values({
      productId: 2,
      userId: person.id,
      author: PERSON.name,
      rating: 5,
      title: 'Lovely',
      body: 'Tastes earthy and works into my morning.',
      verified: true,
      status: 'approved',
    });
    await db.insert(appointments).values({
      name: PERSON.name,
      email: PERSON.email,
      phone: PERSON.phone,
      date: '2030-01-07',
      time: '10:00 AM',
      notes: 'Sleep trouble',
    });
    await db.insert(consultationLeads).values({
      name: PERSON.name,
      email: PERSON.email,
      phone: PERSON.phone,
      answers: { q1: 'a' },
      resultCategory: 'sleep',
    });
    expect(await subscribe(PERSON.email, 'site', {}, {}, person.id)).toBe('success');
    // "Notify me" on a sold-out product, signed in, on WhatsApp only (the box ticked, the address left
    // empty: the request is the account's); it comes back and the message is queued, naming the phone.
    await db.update(productStock).set({ quantity: 0 }).where(eq(productStock.productId, 5));
    expect(
      await requestBackInStock({
        productId: 5,
        email: '',
        whatsapp: { consent: true, mobile: PERSON.phone },
        account: customer,
        requester: {},
      }),
    ).toMatchObject({
      ok: true,
    });
    await db.update(productStock).set({ quantity: 3 }).where(eq(productStock.productId, 5));
    expect((await sendBackInStockNotices()).sent).toBe(1);
    expect(await db.select().from(messageOutbox).where(eq(messageOutbox.template, 'back_in_stock'))).toEqual([
      expect.objectContaining({ toPhone: `91${PERSON.phone}` }),
    ]);
    // Signed out, on WhatsApp only to the account's verified mobile (found by it); and someone else's
    // address asking with that mobile too.
    await db.update(productStock).set({ quantity: 0 }).where(sql`${productStock.productId} in (6, 7)`);
    for (const [productId, email] of [
      [6, ''],
      [7, 'neighbour@example.in'],
    ] as const)
      expect(
        await requestBackInStock({
          productId,
          email,
          whatsapp: { consent: true, mobile: PERSON.phone },
          account: null,
          requester: {},
        }),
      ).toMatchObject({ ok: true });
    await recordConsent(db, {
      email: PERSON.email,
      userId: person.id,
      purpose: 'marketing_messages',
      granted: true,
      source: 'account',
    });
    const grievanceForm = new FormData();
    for (const [k, v] of Object.entries({
      name: PERSON.name,
      email: PERSON.email,
      phone: PERSON.phone,
      orderNumber: signedInOrder,
      category: 'order',
      message: `The parcel for ${PERSON.line1} came late.`,
    }))
      grievanceForm.set(k, v);
    expect(await fileGrievanceRequest(new PostedForm(grievanceForm), {}, sessionUser)).toMatchObject({ ok: true });
    const [signedInRow] = await db.select().from(orders).where(eq(orders.orderNumber, signedInOrder));
    await db.insert(reminderSends).values({
      idempotencyKey: `refill-${signedInRow.id}-1`,
      kind: 'refill',
      email: PERSON.email,
      orderId: signedInRow.id,
      months: 1,
    });
    await logStaffAccess({ user: { id: person.id }, role: 'owner' }, 'customer page', [{ userId: person.id }]);

    // Download: every table's rows are in the file.
    const data = await personalData(person.id);
    expect(data).not.toBeNull();
    const file = data!;
    expect(file.account).toMatchObject({ name: PERSON.name, email: PERSON.email, mobileNumber: `+91${PERSON.phone}` });
    expect(file.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(JSON.stringify(file)).not.toMatch(/\$2[aby]\$|scrypt|password":"[^s]/); // no password hash
    expect(file.orders.map((o) => o.orderNumber).sort()).toEqual(
      [signedInOrder, guestOrder, businessOrder, onlineOrder].sort(),
    );
    const paidOnline = file.orders.find((o) => o.orderNumber === onlineOrder)!;
    expect(paidOnline.paymentsOnline.payments).toEqual([expect.objectContaining({ applied: true, method: 'upi' })]);
    expect(paidOnline.paymentsOnline.attempts).toEqual([expect.objectContaining({ kind: 'link' })]);
    for (const o of file.orders.filter((o) => o.orderNumber !== onlineOrder)) {
      expect(o.lines.length, o.orderNumber).toBeGreaterThan(0);
      expect(o.statusHistory.length).toBeGreaterThan(0);
      expect(o.invoice?.invoiceNumber).toMatch(/^VED\//);
      // The cash-on-delivery confirmation link went by SMS to the order's phone.
      expect(o.messagesSentToYou).toEqual([expect.objectContaining({ channel: 'sms', to: `91${PERSON.phone}` })]);
    }
    const withReturn = file.orders.find((o) => o.orderNumber === signedInOrder)!;
    expect(withReturn.returns).toEqual([
      expect.objectContaining({ refundUpi: PERSON.upi, lines: [expect.any(Object)] }),
    ]);
    expect(withReturn.creditNotes).toHaveLength(1);
    // The signed-in orders' addresses went into the address book; the guest order's did not.
    expect(file.addressBook).toEqual([
      expect.objectContaining({ line1: PERSON.line1, phone: PERSON.phone, isDefault: true }),
      expect.objectContaining({ line1: BUSINESS.address.line1, isDefault: false }),
    ]);
    expect(file.reviews).toEqual([expect.objectContaining({ author: PERSON.name })]);
    expect(file.wishlist).toEqual([expect.objectContaining({ productId: 4 })]);
    expect(file.cart[0].lines).toEqual([expect.objectContaining({ productId: 3, quantity: 2 })]);
    expect(file.rewards.account).not.toBeNull();
    expect(file.rewards.ledger.length).toBeGreaterThan(0);
    expect(file.appointments).toEqual([expect.objectContaining({ notes: 'Sleep trouble' })]);
    expect(file.consultationRequests).toEqual([expect.objectContaining({ resultCategory: 'sleep' })]);
    expect(file.newsletter).toMatchObject({ email: PERSON.email });
    expect(file.consents.map((c) => [c.purpose, c.granted])).toEqual([
      ['marketing_email', true],
      ['marketing_messages', true],
    ]);
    expect(file.grievances).toEqual([expect.objectContaining({ orderNumber: signedInOrder })]);
    expect(file.mailSentToYou.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['order_confirmation', 'newsletter_welcome', 'grievance_acknowledged']),
    );
    expect(file.backInStockRequests).toEqual([
      expect.objectContaining({ whatsappTo: `91${PERSON.phone}`, notifiedAt: expect.any(Date), cancelledAt: null }),
      expect.objectContaining({ whatsappTo: `91${PERSON.phone}`, notifiedAt: null }),
      expect.objectContaining({ whatsappTo: `91${PERSON.phone}`, notifiedAt: null }),
    ]);
    expect(file.remindersSentToYou).toEqual([expect.objectContaining({ kind: 'refill', orderId: signedInRow.id })]);
    expect(file.staffWhoOpenedYourData).toEqual([
      expect.objectContaining({ what: 'customer page', staffRole: 'owner' }),
    ]);

    // Before: the traces are everywhere, and the tax documents are what they are.
    expect((await tracesLeft()).length).toBeGreaterThan(10);
    const documentsBefore = {
      invoices: await db.select().from(invoices).orderBy(invoices.id),
      creditNotes: await db.select().from(creditNotes).orderBy(creditNotes.id),
    };
    const ordersBefore = await db.select().from(orders).where(eq(orders.email, PERSON.email)).orderBy(orders.id);
    const linesBefore = await Promise.all([signedInOrder, guestOrder, businessOrder].map(linesOf));

    expect(await eraseAccount(person.id)).toEqual({ ok: true, email: PERSON.email });

    // Only the confirmation mail still names them, until it is sent; then nothing does.
    const left = await tracesLeft();
    expect(left.filter((t) => !(t.table === 'email_outbox' && t.kind === 'account_erased'))).toEqual([]);
    expect(left.some((t) => t.kind === 'account_erased')).toBe(true);
    await processOutbox({ limit: 50 });
    expect(await tracesLeft()).toEqual([]);
    const [confirmation] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'account_erased'));
    expect(confirmation).toMatchObject({
      status: 'sent',
      toAddress: '',
      subject: 'Your Vedara Ayurveda account is deleted',
    });

    // The account and its sessions are gone.
    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);

    // The tax documents are untouched; the orders keep what the invoices print but for the person.
    expect({
      invoices: await db.select().from(invoices).orderBy(invoices.id),
      creditNotes: await db.select().from(creditNotes).orderBy(creditNotes.id),
    }).toEqual(documentsBefore);
    const ordersAfter = await db
      .select()
      .from(orders)
      .where(
        sql`${orders.id} in (${sql.join(
          ordersBefore.map((o) => sql`${o.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(orders.id);
    expect(ordersAfter.map((o) => [o.orderNumber, o.total, o.subtotal, o.shipping, o.status, o.address.state])).toEqual(
      ordersBefore.map((o) => [o.orderNumber, o.total, o.subtotal, o.shipping, o.status, o.address.state]),
    );
    for (const o of ordersAfter)
      expect([o.email, o.phone, o.customerId, o.erasedAt]).toEqual(['', '', null, expect.any(Date)]);
    // The business purchase keeps what its tax invoice must name: the buyer's GSTIN, legal name and address;
    // the consumer orders keep only the state.
    const business = ordersAfter.find((o) => o.orderNumber === businessOrder)!;
    expect([business.buyerGstin, business.address]).toEqual([BUSINESS.gstin, BUSINESS.address]);
    for (const o of ordersAfter.filter((o) => o.orderNumber !== businessOrder))
      expect(o.address).toEqual({ name: '', line1: '', line2: '', city: '', state: 'Uttarakhand', pin: '' });
    // Theirs are gone; the other address's request stays for that address, without their mobile.
    expect(await db.select().from(backInStockRequests)).toEqual([
      expect.objectContaining({
        productId: 7,
        email: 'neighbour@example.in',
        whatsappTo: null,
        whatsappConsentAt: null,
      }),
    ]);
    expect(await Promise.all([signedInOrder, guestOrder, businessOrder].map(linesOf))).toEqual(linesBefore);
    const [ticket] = await db.select().from(grievances).where(eq(grievances.orderNumber, signedInOrder));
    expect(ticket).toMatchObject({ ticket: expect.stringMatching(/^GRV-\d{4}-\d{6}$/), email: '', message: '' });
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, ordersAfter[0].id))).not.toEqual([]);
  }, 120_000);

  it('a staff account is refused (an owner removes the member first)', async () => {
    const db = await getDb();
    const [owner] = await db.select({ id: schema.member.userId }).from(schema.member).limit(1);
    if (!owner) return; // the template database has no staff
    expect(await eraseAccount(owner.id)).toEqual({ ok: false, reason: 'staff' });
  });
});
