// Newsletter sign-ups and leaving: one insert guarded by the unique email (concurrent sign-ups of one
// address make one row), limits per client address and email, a welcome mail queued with the row.
// Every newsletter mail is built by newsletterMail, so each carries the unsubscribe link and headers.
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { isHoneypotFilled } from '../abuse/honeypot';
import { intakeLimit, type Requester } from '../abuse/intake-limits.server';
import { env } from '../../server/config/env.server';
import { enqueueEmail, kickOutbox, type OutgoingEmail } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { NEWSLETTER_MESSAGES, normaliseEmail, UNSUBSCRIBE_MESSAGES, type NewsletterStatus } from './newsletter';
import type { ErrorCode } from '../../lib/errors';
import { isDatabaseUnavailable } from '../../lib/database-faults';
import { statusOf } from '../../server/http/error-status';
import { refuse, type FormOutcome, type FormRefusal, type PostedForm } from '../../server/http/form.server';
import { listUnsubscribeHeaders, unsubscribeUrl, verifiedUnsubscribeEmail } from './unsubscribe-link.server';
import { recordConsent } from '../privacy/consent-records.server';

/** A newsletter mail to one subscriber: the unsubscribe link in the footer and the List-Unsubscribe headers. */
export function newsletterMail(
  kind: string,
  to: string,
  content: { subject: string; greeting: string; paragraphs: string[]; action?: { label: string; url: string } },
): OutgoingEmail {
  return {
    kind,
    to,
    ...renderMail({ ...content, unsubscribeUrl: unsubscribeUrl(to) }),
    headers: listUnsubscribeHeaders(to),
  };
}

const welcomeMail = (email: string) =>
  newsletterMail('newsletter_welcome', email, {
    subject: 'Welcome to the Vedara Ayurveda newsletter',
    greeting: 'Namaste,',
    paragraphs: [
      'Thank you for subscribing. About twice a month we send seasonal rituals, recipes from our kitchen and first word on new launches.',
      'Did not sign up, or changed your mind? Unsubscribe any time with the link at the end of this mail.',
    ],
  });

/** `fields` is the posted form or JSON body (its honeypot field is checked). */
export async function subscribe(
  rawEmail: unknown,
  source = 'site',
  requester: Requester = {},
  fields: unknown = {},
  /** The account giving the consent, when signed in (the consent record names it). */
  userId: string | null = null,
): Promise<NewsletterStatus> {
  const email = normaliseEmail(rawEmail);
  if (!email) return 'invalid';
  // A bot filled the hidden field: it reads "subscribed"; nothing is stored or mailed.
  if (isHoneypotFilled(fields)) return 'success';
  const limited = await intakeLimit('newsletter', email, requester);
  if (limited) return limited === 'address' ? 'limitedAddress' : 'limitedEmail';
  try {
    const db = await getDb();
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(subscriptions)
        .values({ email, source: source.slice(0, 40) })
        .onConflictDoNothing({ target: subscriptions.email })
        .returning({ id: subscriptions.id });
      if (rows.length) {
        // Subscribing is giving consent to marketing mail (DPDP): recorded with its wording and where.
        await recordConsent(tx, {
          email,
          userId,
          purpose: 'marketing_email',
          granted: true,
          source: `newsletter (${source.slice(0, 40)})`,
        });
        await enqueueEmail(tx, welcomeMail(email));
      }
      return rows.length > 0;
    });
    if (inserted) kickOutbox();
    return inserted ? 'success' : 'duplicate';
  } catch (error) {
    // The connection went away mid-transaction: nothing was stored; the HTTP boundary answers 503.
    if (isDatabaseUnavailable(error)) throw error;
    console.error('Newsletter subscription failed', error);
    return 'insertFailed';
  }
}

/** The HTTP status for a sign-up's answer. */
/** What each refused sign-up answers with; success and duplicate are not refusals. */
const NEWSLETTER_CODES = {
  invalid: 'invalid',
  limitedAddress: 'rate_limited',
  limitedEmail: 'rate_limited',
  insertFailed: 'failed',
  unexpected: 'failed',
} as const satisfies Record<Exclude<NewsletterStatus, 'success' | 'duplicate'>, ErrorCode>;

export function subscribeStatus(status: NewsletterStatus): number {
  return status === 'success' ? 201 : status === 'duplicate' ? 200 : statusOf(NEWSLETTER_CODES[status]);
}

/** The footer form's no-JavaScript post: the page shows the message (200 for a new subscription: it is a page the shopper reads). */
export async function subscribeFormRequest(form: PostedForm, requester: Requester): Promise<FormOutcome> {
  const status = await subscribe(form.raw('email'), form.raw('source') ?? 'site', requester, form.values());
  return status === 'success' || status === 'duplicate'
    ? { ok: true, notice: NEWSLETTER_MESSAGES[status] }
    : refuse(NEWSLETTER_CODES[status], NEWSLETTER_MESSAGES[status]);
}

/** The unsubscribe page's confirm button (and mail apps' one-click POST): the link's address, or the form's. */
export async function unsubscribeFormRequest(
  linkEmail: string | null,
  form: PostedForm,
): Promise<FormOutcome & { email?: string }> {
  const email = linkEmail ?? verifiedUnsubscribeEmail(form.raw('email'), form.raw('token'));
  if (!email) return refuse('invalid', UNSUBSCRIBE_MESSAGES.badLink(env().STORE_CARE_EMAIL));
  await unsubscribe(email, 'unsubscribe link');
  return { ok: true, notice: UNSUBSCRIBE_MESSAGES.done(email), email };
}

/**
 * Removes the address (idempotent: an address not on the list is simply not on it) and records the
 * withdrawal of marketing-mail consent (DPDP), whoever asked: the mail's link, the account, the staff.
 */
export async function unsubscribe(
  email: string,
  source = 'unsubscribe link',
  userId: string | null = null,
): Promise<boolean> {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(subscriptions)
      .where(eq(subscriptions.email, address))
      .returning({ id: subscriptions.id });
    await recordConsent(tx, { email: address, userId, purpose: 'marketing_email', granted: false, source });
    return rows.length > 0;
  });
}

/**
 * The desk's "send a newsletter": one marketing mail to every address on the list as it is now, each
 * with its one-click unsubscribe link. Only the list is mailed: an address whose consent was withdrawn
 * has left it, so it gets nothing.
 */
export async function sendNewsletterIssue(form: PostedForm): Promise<{ ok: true; notice: string } | FormRefusal> {
  const subject = form.text('subject');
  const body = form.text('body');
  if (subject.length < 3 || subject.length > 150)
    return refuse('invalid', 'Please give the newsletter a subject (3 to 150 characters).', { form });
  if (body.length < 10 || body.length > 10_000)
    return refuse('invalid', 'Please write the newsletter (10 to 10,000 characters).', { form });
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const list = await tx.select({ email: subscriptions.email }).from(subscriptions);
    for (const { email } of list)
      await enqueueEmail(tx, newsletterMail('newsletter_issue', email, { subject, greeting: 'Namaste,', paragraphs }));
    return list.length;
  });
  if (sent) kickOutbox();
  return { ok: true, notice: `The newsletter is on its way to ${sent} ${sent === 1 ? 'subscriber' : 'subscribers'}.` };
}
