// The account's "Privacy and your data" page (/dashboard/privacy): each consent with its state and a
// button to give or withdraw it, "Download my data" and "Delete my account". Real forms; the page hands
// its posts here.
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { SessionUser } from '../auth/session.server';
import { forgetCart } from '../cart/cart.server';
import { byIntent, refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';
import { subscribe, unsubscribe } from '../newsletter/newsletter.server';
import { CONSENT_MESSAGES, CONSENT_PURPOSES, isConsentPurpose, type ConsentPurpose } from './consent';
import { latestConsent, recordConsent } from './consent-records.server';
import { eraseAccount } from './erasure.server';

export const DELETE_CONFIRMATION = 'DELETE';
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** Each purpose: given or not. Marketing mail is the newsletter list; the others their latest record. */
export async function consentState(person: SessionUser): Promise<Record<ConsentPurpose, boolean>> {
  const db = await getDb();
  const email = person.email.toLowerCase();
  const [onList] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.email, email));
  return {
    marketing_email: Boolean(onList),
    marketing_messages: await latestConsent(db, email, 'marketing_messages'),
    whatsapp_order_updates: await latestConsent(db, email, 'whatsapp_order_updates'),
    shopping_reminders: await latestConsent(db, email, 'shopping_reminders'),
  };
}

async function changeConsent(person: SessionUser, form: PostedForm): Promise<FormOutcome> {
  const purpose = form.text('purpose');
  const choice = form.text('choice');
  if (!isConsentPurpose(purpose) || (choice !== 'give' && choice !== 'withdraw'))
    return refuse('invalid', 'That is not a choice this page offers.');
  const email = person.email.toLowerCase();
  const give = choice === 'give';
  if (purpose === 'marketing_email') {
    if (give) {
      const status = await subscribe(email, 'account', {}, {}, person.id);
      if (status !== 'success' && status !== 'duplicate')
        return refuse(
          status.startsWith('limited') ? 'rate_limited' : 'failed',
          'That did not work. Please try again later.',
        );
    } else await unsubscribe(email, 'account', person.id);
  } else {
    const db = await getDb();
    await recordConsent(db, { email, userId: person.id, purpose, granted: give, source: 'account' });
  }
  return { ok: true, notice: give ? CONSENT_MESSAGES.granted(purpose) : CONSENT_MESSAGES.withdrawn(purpose) };
}

/** Cookies the browser holds for the ended sessions, expired (the sessions themselves are deleted). */
function endedSessionCookies(request: Request): string[] {
  const names = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => /session_token|session_data|dont_remember|^signed_in$/.test(name));
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

async function deleteAccount(
  person: SessionUser,
  form: PostedForm,
  context: { request: Request; cookies: AstroCookies },
): Promise<FormOutcome> {
  if (form.text('confirm').toUpperCase() !== DELETE_CONFIRMATION)
    return refuse('invalid', `To delete your account, type ${DELETE_CONFIRMATION} in the box.`, {
      errors: { confirm: `Type ${DELETE_CONFIRMATION} to confirm.` },
      target: 'delete',
    });
  const erased = await eraseAccount(person.id);
  if (!erased.ok)
    return erased.reason === 'staff'
      ? refuse(
          'forbidden',
          'A staff account cannot delete itself here: ask the store owner to remove you from the staff first.',
          { target: 'delete' },
        )
      : refuse('not_found', 'This account no longer exists.', { target: 'delete' });
  forgetCart(context.cookies);
  const headers = new Headers({ location: ACCOUNT_DELETED_PATH });
  for (const cookie of endedSessionCookies(context.request)) headers.append('set-cookie', cookie);
  return { ok: true, response: new Response(null, { status: 303, headers }) };
}

export function privacyRequest(
  person: SessionUser,
  form: PostedForm,
  context: { request: Request; cookies: AstroCookies },
): Promise<FormOutcome> {
  return byIntent(form, {
    consent: () => changeConsent(person, form),
    delete: () => deleteAccount(person, form, context),
  });
}

export { CONSENT_PURPOSES };
