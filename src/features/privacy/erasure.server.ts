// "Delete my account" (DPDP Act 2023 s. 12, the right of erasure; docs/decisions: data rights and
// erasure). One transaction: the person's orders keep what the GST law requires on their tax invoices
// (lines, amounts, taxes, the state of supply; for a business purchase also the buyer's GSTIN, name and
// address; the invoice and credit-note rows are not touched) and lose the email, phone and (but for a
// business purchase) address; returns lose the description, photos, video and refund account; the
// grievances keep their ticket and dates; everything else that names the person is deleted, the account
// last (its sessions, sign-in methods, address book, cart, wishlist, reviews and points go with it). The confirmation
// mail is queued in the same transaction and forgotten once sent (FORGET_AFTER_SENDING). Files (profile
// image, review and return photos, a return's video) are removed once the transaction has committed.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import {
  appointments,
  carts,
  backInStockRequests,
  consentRecords,
  consultationLeads,
  emailOutbox,
  messageOutbox,
  reminderSends,
  grievances,
  invitation,
  member,
  orders,
  productReviews,
  rateLimit,
  returns,
  subscriptions,
  user,
  verification,
} from '../../db/schema';
import { env } from '../../server/config/env.server';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { discardUnreferenced } from '../../server/storage/uploads.server';
import { whatsappKey } from '../restock/restock.server';
import { ordersOfPerson, verifiedMobileOf } from './data-export.server';

export const ERASED_RETURN_DESCRIPTION = 'Erased at the customer’s request.';

/** `%` and `_` in an address are matched literally inside a LIKE pattern. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const erasedMail = (email: string, name: string) => ({
  kind: 'account_erased',
  to: email,
  ...renderMail({
    subject: 'Your Vedara Ayurveda account is deleted',
    greeting: `Dear ${name},`,
    paragraphs: [
      'As you asked, we have deleted your Vedara Ayurveda account and erased your personal data: your profile, addresses, phone number, reviews, wishlist, cart, points, newsletter and marketing choices, consultation requests and appointments. You have been signed out everywhere.',
      'The law requires us to keep your tax invoices and credit notes (what was bought, the amounts, the taxes and the state of delivery) for eight years; they no longer carry your name, address, phone or email. An invoice for a business purchase keeps the buyer’s GSTIN, name and address, as the GST law requires of it.',
      `This is the last mail we send you, and we keep no copy of it. If you did not ask for this, please write to ${env().STORE_CARE_EMAIL}.`,
    ],
  }),
});

export type ErasureResult = { ok: true; email: string } | { ok: false; reason: 'not_found' | 'staff' };

/** Erases the account and the person's data (see the module's comment); staff accounts are refused. */
export async function eraseAccount(userId: string, now = new Date()): Promise<ErasureResult> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [person] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!person) return { ok: false as const, reason: 'not_found' as const };
    const [staff] = await tx.select({ id: member.id }).from(member).where(eq(member.userId, userId)).limit(1);
    if (staff) return { ok: false as const, reason: 'staff' as const };
    const email = person.email.toLowerCase();
    const files: string[] = person.image ? [person.image] : [];

    // Orders: the invoice's fields stay, the person's details go (the state is the place of supply). A
    // business purchase (a buyer GSTIN) keeps the recipient's name and address the tax invoice must name
    // (CGST Rules, rule 46(e)); its email and phone go like any other's
    // (docs/decisions/0111-erasure-keeps-a-business-buyers-invoice-details.md).
    const erasedOrders = await tx
      .update(orders)
      .set({
        customerId: null,
        email: '',
        phone: '',
        address: sql`case when ${orders.buyerGstin} is not null
          then jsonb_build_object('name', ${orders.address}->>'name', 'line1', ${orders.address}->>'line1', 'line2', ${orders.address}->>'line2', 'city', ${orders.address}->>'city', 'state', ${orders.address}->>'state', 'pin', ${orders.address}->>'pin')
          else jsonb_build_object('name', '', 'line1', '', 'line2', '', 'city', '', 'state', ${orders.address}->>'state', 'pin', '') end`,
        erasedAt: now,
        updatedAt: now,
      })
      .where(ordersOfPerson(userId, email))
      .returning({ id: orders.id });
    const orderIds = erasedOrders.map((o) => o.id);
    if (orderIds.length) {
      const returnRows = await tx
        .select({ photos: returns.photos, video: returns.video })
        .from(returns)
        .where(inArray(returns.orderId, orderIds));
      for (const r of returnRows) files.push(...r.photos, ...(r.video ? [r.video] : []));
      await tx
        .update(returns)
        .set({
          description: ERASED_RETURN_DESCRIPTION,
          photos: [],
          video: null,
          refundUpi: null,
          refundAccount: null,
          refundIfsc: null,
          updatedAt: now,
        })
        .where(inArray(returns.orderId, orderIds));
      // SMS and WhatsApp messages about the orders name the person and their phone.
      await tx.delete(messageOutbox).where(inArray(messageOutbox.orderId, orderIds));
    }

    // Grievances: the ticket and its dates stay as the record that it was answered.
    await tx
      .update(grievances)
      .set({
        userId: null,
        name: '',
        email: '',
        phone: '',
        message: '',
        answer: sql`case when ${grievances.answer} is null then null else '' end`,
        erasedAt: now,
      })
      .where(or(eq(grievances.userId, userId), eq(grievances.email, email)));

    const reviewPhotos = await tx
      .select({ photos: productReviews.photos })
      .from(productReviews)
      .where(eq(productReviews.userId, userId));
    for (const r of reviewPhotos) files.push(...r.photos);

    await tx.delete(appointments).where(sql`lower(${appointments.email}) = ${email}`);
    await tx.delete(consultationLeads).where(sql`lower(${consultationLeads.email}) = ${email}`);
    await tx.delete(subscriptions).where(eq(subscriptions.email, email));
    // Back-in-stock requests, and the WhatsApp messages they queued (which name the phone): the person's
    // own go; another address's request for their verified mobile stays for that address, without it.
    const verifiedMobile = verifiedMobileOf(person);
    const notices = await tx
      .delete(backInStockRequests)
      .where(
        or(
          eq(backInStockRequests.userId, userId),
          eq(backInStockRequests.email, email),
          verifiedMobile
            ? and(isNull(backInStockRequests.email), eq(backInStockRequests.whatsappTo, verifiedMobile))
            : undefined,
        ),
      )
      .returning({ id: backInStockRequests.id });
    if (verifiedMobile)
      notices.push(
        ...(await tx
          .update(backInStockRequests)
          .set({ whatsappTo: null, whatsappConsentAt: null })
          .where(eq(backInStockRequests.whatsappTo, verifiedMobile))
          .returning({ id: backInStockRequests.id })),
      );
    if (notices.length)
      await tx.delete(messageOutbox).where(
        inArray(
          messageOutbox.idempotencyKey,
          notices.map((n) => whatsappKey(n.id)),
        ),
      );
    await tx.delete(consentRecords).where(or(eq(consentRecords.email, email), eq(consentRecords.userId, userId)));
    // Reminders sent stay (so none goes again, and the reports' counts hold) without the address; a
    // guest cart forgets the address given for its reminder.
    await tx.update(reminderSends).set({ email: '' }).where(eq(reminderSends.email, email));
    await tx.update(carts).set({ contactEmail: null }).where(eq(carts.contactEmail, email));
    await tx.delete(invitation).where(sql`lower(${invitation.email}) = ${email}`);
    // Mail to them, and the store's notices that name them (a booking, a consultation request, a return).
    await tx
      .delete(emailOutbox)
      .where(
        or(sql`lower(${emailOutbox.toAddress}) = ${email}`, sql`${emailOutbox.textBody} ilike ${containing(email)}`),
      );
    // Sign-in codes sent by SMS to the account's mobile (phone sign-in): they belong to no order.
    const mobile = person.phoneNumber;
    if (mobile)
      await tx
        .delete(messageOutbox)
        .where(and(eq(messageOutbox.template, 'sign_in_code'), eq(messageOutbox.toPhone, mobile.slice(1))));
    // Pending codes and sign-in counters, under the email or the mobile.
    for (const identifier of mobile ? [email, mobile] : [email]) {
      await tx
        .delete(verification)
        .where(
          or(
            sql`${verification.identifier} ilike ${containing(identifier)}`,
            sql`${verification.value} ilike ${containing(identifier)}`,
          ),
        );
      await tx.delete(rateLimit).where(sql`${rateLimit.key} ilike ${containing(identifier)}`);
    }
    // The account last: sessions, sign-in methods, two-factor, address book, cart, wishlist, reviews,
    // points, referrals and coupons go with it (on delete cascade).
    await tx.delete(user).where(eq(user.id, userId));
    await enqueueEmail(tx, erasedMail(email, person.name));
    return { ok: true as const, email, files };
  });
  if (!outcome.ok) return outcome;
  kickOutbox();
  await discardUnreferenced(outcome.files);
  return { ok: true, email: outcome.email };
}
