// "Download my data" (DPDP Act 2023 s. 11, the right of access): everything the store holds about the
// signed-in person, table by table, as one JSON file. Secrets that are not data about the person (the
// password hash, the authenticator secret, session tokens) are named, not copied. The tables read here
// are the ones erasure.server.ts erases; its test and this one's enumerate them from src/db.
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import {
  account,
  appointments,
  cartLines,
  carts,
  consentRecords,
  consultationLeads,
  coupons,
  creditNotes,
  customerAddresses,
  customerDataAccess,
  emailOutbox,
  gatewayRefunds,
  messageOutbox,
  paymentAttempts,
  payments,
  grievances,
  invoices,
  orderLines,
  orders,
  orderStatusHistory,
  pointsLedger,
  productReviews,
  products,
  referrals,
  reminderSends,
  returnLines,
  returns,
  rewardAccounts,
  session,
  subscriptions,
  backInStockRequests,
  twoFactor,
  user,
  wishlistItems,
} from '../../db/schema';
import { CONSENT_PURPOSE_TEXT } from './consent';

/** Orders of the person: placed while signed in, or as a guest under the account's email. */
export const ordersOfPerson = (userId: string, email: string) =>
  or(eq(orders.customerId, userId), eq(orders.email, email.toLowerCase()));

/**
 * The account's mobile as messages and back-in-stock requests keep it (91 and ten digits), once phone
 * sign-in has verified it is theirs; null otherwise (an unverified number finds nothing).
 */
export const verifiedMobileOf = (person: { phoneNumber: string | null; phoneNumberVerified: boolean }) =>
  person.phoneNumberVerified && person.phoneNumber ? person.phoneNumber.replace(/^\+/, '') : null;

/**
 * Back-in-stock requests about the person: made by the account or for its address, and any for its
 * verified mobile (a WhatsApp-only request made signed out names nothing else).
 */
export const backInStockOfPerson = (userId: string, email: string, mobile: string | null) =>
  or(
    eq(backInStockRequests.userId, userId),
    eq(backInStockRequests.email, email.toLowerCase()),
    mobile ? eq(backInStockRequests.whatsappTo, mobile) : undefined,
  );

export async function personalData(userId: string, now = new Date()) {
  const db = await getDb();
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) return null;
  const email = person.email.toLowerCase();

  const orderRows = await db.select().from(orders).where(ordersOfPerson(userId, email)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  const some = <T>(ids: readonly unknown[], load: () => Promise<T[]>) =>
    ids.length ? load() : Promise.resolve([] as T[]);
  const [lines, history, returnRows, invoiceRows, creditNoteRows, attemptRows, paymentRows, refundRows] =
    await Promise.all([
      some(orderIds, () => db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds))),
      some(orderIds, () => db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, orderIds))),
      some(orderIds, () => db.select().from(returns).where(inArray(returns.orderId, orderIds))),
      some(orderIds, () => db.select().from(invoices).where(inArray(invoices.orderId, orderIds))),
      some(orderIds, () => db.select().from(creditNotes).where(inArray(creditNotes.orderId, orderIds))),
      // The money online: the tries at the gateway, the payments it took and the refunds sent back.
      some(orderIds, () =>
        db
          .select({
            orderId: paymentAttempts.orderId,
            gateway: paymentAttempts.gateway,
            kind: paymentAttempts.kind,
            gatewayReference: paymentAttempts.gatewayRef,
            amountPaise: paymentAttempts.amountPaise,
            startedAt: paymentAttempts.createdAt,
          })
          .from(paymentAttempts)
          .where(inArray(paymentAttempts.orderId, orderIds)),
      ),
      some(orderIds, () => db.select().from(payments).where(inArray(payments.orderId, orderIds))),
      some(orderIds, () =>
        db
          .select({
            orderId: gatewayRefunds.orderId,
            reason: gatewayRefunds.reason,
            amountPaise: gatewayRefunds.amountPaise,
            gatewayRefundId: gatewayRefunds.gatewayRefundId,
            status: gatewayRefunds.status,
            createdAt: gatewayRefunds.createdAt,
            processedAt: gatewayRefunds.processedAt,
          })
          .from(gatewayRefunds)
          .where(inArray(gatewayRefunds.orderId, orderIds)),
      ),
    ]);
  const returnIds = returnRows.map((r) => r.id);
  const returnLineRows = await some(returnIds, () =>
    db.select().from(returnLines).where(inArray(returnLines.returnId, returnIds)),
  );
  const messageRows = await some(orderIds, () =>
    db
      .select({
        orderId: messageOutbox.orderId,
        channel: messageOutbox.channel,
        to: messageOutbox.toPhone,
        text: messageOutbox.body,
        status: messageOutbox.status,
        queuedAt: messageOutbox.createdAt,
        sentAt: messageOutbox.sentAt,
      })
      .from(messageOutbox)
      .where(inArray(messageOutbox.orderId, orderIds))
      .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id)),
  );

  const cartRows = await db.select().from(carts).where(eq(carts.userId, userId));
  const cartIds = cartRows.map((c) => c.id);
  const [
    sessions,
    signIns,
    secondFactor,
    reviews,
    wishlist,
    cartContents,
    rewardAccount,
    ledger,
    referralRows,
    couponRows,
    appointmentRows,
    leadRows,
    subscription,
    consentRows,
    grievanceRows,
    mail,
    staffAccess,
    addressRows,
  ] = await Promise.all([
    db.select().from(session).where(eq(session.userId, userId)),
    db.select().from(account).where(eq(account.userId, userId)),
    db.select({ verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId)),
    db
      .select({ review: productReviews, product: products.name })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(eq(productReviews.userId, userId)),
    db
      .select({ productId: wishlistItems.productId, product: products.name, savedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId)),
    some(cartIds, () => db.select().from(cartLines).where(inArray(cartLines.cartId, cartIds))),
    db.select().from(rewardAccounts).where(eq(rewardAccounts.userId, userId)),
    db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.createdAt)),
    db
      .select()
      .from(referrals)
      .where(or(eq(referrals.referredUserId, userId), eq(referrals.referrerUserId, userId))),
    db.select().from(coupons).where(eq(coupons.userId, userId)),
    db.select().from(appointments).where(sql`lower(${appointments.email}) = ${email}`),
    db.select().from(consultationLeads).where(sql`lower(${consultationLeads.email}) = ${email}`),
    db.select().from(subscriptions).where(eq(subscriptions.email, email)),
    db
      .select()
      .from(consentRecords)
      .where(or(eq(consentRecords.email, email), eq(consentRecords.userId, userId)))
      .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id)),
    db
      .select()
      .from(grievances)
      .where(or(eq(grievances.userId, userId), eq(grievances.email, email))),
    db
      .select({
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        queuedAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        text: emailOutbox.textBody,
      })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${email}`)
      .orderBy(asc(emailOutbox.createdAt)),
    db
      .select({
        when: customerDataAccess.createdAt,
        staffRole: customerDataAccess.staffRole,
        what: customerDataAccess.what,
        record: customerDataAccess.recordKind,
        recordRef: customerDataAccess.recordRef,
      })
      .from(customerDataAccess)
      .where(eq(customerDataAccess.customerUserId, userId))
      .orderBy(asc(customerDataAccess.createdAt)),
    db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id)),
  ]);

  const byOrder = <T extends { orderId: number }>(rows: T[], id: number) => rows.filter((r) => r.orderId === id);
  return {
    about:
      'Everything Vedara Ayurveda holds about you, as of the time below (Digital Personal Data Protection Act 2023, right of access). We share order details only with the courier that delivers them and our mail and hosting providers.',
    exportedAt: now.toISOString(),
    account: {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: person.emailVerified,
      mobileNumber: person.phoneNumberVerified ? person.phoneNumber : null,
      profileImage: person.image,
      twoFactorEnabled: Boolean(person.twoFactorEnabled),
      createdAt: person.createdAt,
      updatedAt: person.updatedAt,
    },
    signInMethods: signIns.map((a) => ({
      provider: a.providerId,
      password: a.password ? 'set (stored only as a one-way hash)' : 'none',
      createdAt: a.createdAt,
    })),
    authenticatorApp: secondFactor.length ? { enabled: true, secret: 'kept, not shown' } : { enabled: false },
    sessions: sessions.map((s) => ({
      signedInAt: s.createdAt,
      expiresAt: s.expiresAt,
      ipAddress: s.ipAddress,
      browser: s.userAgent,
    })),
    orders: orderRows.map((o) => ({
      ...o,
      lines: byOrder(lines, o.id),
      statusHistory: byOrder(history, o.id),
      returns: returnRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({ ...r, lines: returnLineRows.filter((l) => l.returnId === r.id) })),
      invoice: invoiceRows.find((i) => i.orderId === o.id) ?? null,
      creditNotes: byOrder(creditNoteRows, o.id),
      messagesSentToYou: messageRows.filter((m) => m.orderId === o.id),
      paymentsOnline: {
        attempts: byOrder(attemptRows, o.id),
        payments: byOrder(paymentRows, o.id),
        refunds: byOrder(refundRows, o.id),
      },
    })),
    addressBook: addressRows,
    reviews: reviews.map(({ review, product }) => ({ product, ...review })),
    wishlist,
    cart: cartRows.map((c) => ({ ...c, lines: cartContents.filter((l) => l.cartId === c.id) })),
    rewards: { account: rewardAccount[0] ?? null, ledger, referrals: referralRows, coupons: couponRows },
    appointments: appointmentRows,
    consultationRequests: leadRows,
    newsletter: subscription[0] ?? null,
    consents: consentRows.map((c) => ({ ...c, purposeName: CONSENT_PURPOSE_TEXT[c.purpose].title })),
    grievances: grievanceRows,
    mailSentToYou: mail,
    remindersSentToYou: await db
      .select({
        kind: reminderSends.kind,
        step: reminderSends.step,
        orderId: reminderSends.orderId,
        months: reminderSends.months,
        sentAt: reminderSends.sentAt,
      })
      .from(reminderSends)
      .where(
        or(
          sql`lower(${reminderSends.email}) = ${email}`,
          orderIds.length ? inArray(reminderSends.orderId, orderIds) : undefined,
          cartIds.length ? inArray(reminderSends.cartId, cartIds) : undefined,
        ),
      )
      .orderBy(asc(reminderSends.sentAt)),
    staffWhoOpenedYourData: staffAccess,
    backInStockRequests: await db
      .select({
        product: products.name,
        askedAt: backInStockRequests.createdAt,
        whatsappTo: backInStockRequests.whatsappTo,
        whatsappConsentAt: backInStockRequests.whatsappConsentAt,
        notifiedAt: backInStockRequests.notifiedAt,
        cancelledAt: backInStockRequests.cancelledAt,
      })
      .from(backInStockRequests)
      .innerJoin(products, eq(products.id, backInStockRequests.productId))
      .where(backInStockOfPerson(userId, email, verifiedMobileOf(person)))
      .orderBy(asc(backInStockRequests.id)),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>;

/** The file's name: vedara-my-data-2026-11-26.json. */
export const exportFileName = (now = new Date()) => `vedara-my-data-${now.toISOString().slice(0, 10)}.json`;
