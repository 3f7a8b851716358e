// Consent per purpose on a real database: subscribing records the consent with its wording; the newsletter
// goes to the list only; withdrawing (in the account or from the mail's one-click link) records the
// withdrawal and stops the next newsletter; SMS/WhatsApp marketing and WhatsApp order updates are given and
// withdrawn in the account.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { consentRecords } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import type { SessionUser } from '../auth/session.server';
import { PostedForm } from '../../server/http/form.server';
import { sendNewsletterIssue, subscribe, unsubscribeFormRequest } from '../newsletter/newsletter.server';
import { unsubscribeToken } from '../newsletter/unsubscribe-link.server';
import { CONSENT_MESSAGES, CONSENT_PURPOSE_TEXT } from './consent';
import { consentState, privacyRequest } from './privacy-account.server';

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new PostedForm(form);
};
/** A signed-up customer, as the session names them. */
async function person(email: string): Promise<SessionUser> {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Lata', email, password: 'tulsi-leaf-42' } });
  return {
    id: user.id,
    email,
    name: user.name,
    emailVerified: false,
    image: null,
    twoFactorEnabled: false,
    phoneNumber: null,
  };
}
const context = { request: new Request('http://localhost/dashboard/privacy'), cookies: {} as never };
const issue = (subject: string) =>
  sendNewsletterIssue(posted({ subject, body: 'Winter is here.\n\nTry warm ginger water.' }));
const kinds = async (email: string) => (await mailsTo(email)).map((m) => m.kind);

async function records(email: string) {
  const db = await getDb();
  return db
    .select({
      purpose: consentRecords.purpose,
      granted: consentRecords.granted,
      source: consentRecords.source,
      wording: consentRecords.wording,
    })
    .from(consentRecords)
    .where(eq(consentRecords.email, email))
    .orderBy(asc(consentRecords.id));
}

describe('marketing consent', () => {
  it('withdrawn in the account: recorded, and the next newsletter does not reach them', async () => {
    const lata = await person('lata@example.in');
    expect(await subscribe(lata.email, 'footer')).toBe('success');
    expect(await subscribe('other@example.in', 'footer')).toBe('success');
    expect((await records(lata.email))[0]).toEqual({
      purpose: 'marketing_email',
      granted: true,
      source: 'newsletter (footer)',
      wording: CONSENT_PURPOSE_TEXT.marketing_email.wording,
    });
    expect(await consentState(lata)).toMatchObject({ marketing_email: true, marketing_messages: false });

    expect((await issue('Winter rituals')).ok).toBe(true);
    expect(await kinds(lata.email)).toEqual(expect.arrayContaining(['newsletter_welcome', 'newsletter_issue']));
    const before = (await kinds(lata.email)).length;

    expect(
      await privacyRequest(
        lata,
        posted({ intent: 'consent', purpose: 'marketing_email', choice: 'withdraw' }),
        context,
      ),
    ).toEqual({
      ok: true,
      notice: CONSENT_MESSAGES.withdrawn('marketing_email'),
    });
    expect(await consentState(lata)).toMatchObject({ marketing_email: false, marketing_messages: false });
    expect((await records(lata.email)).at(-1)).toMatchObject({
      purpose: 'marketing_email',
      granted: false,
      source: 'account',
    });

    await issue('Spring rituals');
    expect(await kinds(lata.email)).toHaveLength(before); // nothing new
    expect(await kinds('other@example.in')).toEqual(['newsletter_welcome', 'newsletter_issue', 'newsletter_issue']);
  });

  it('withdrawn in one click from the newsletter’s link: recorded, and no more newsletters', async () => {
    const email = 'ravi@example.in';
    await subscribe(email, 'footer');
    const form = posted({ email, token: unsubscribeToken(email) });
    expect(await unsubscribeFormRequest(null, form)).toMatchObject({ ok: true });
    expect((await records(email)).map((r) => [r.granted, r.source])).toEqual([
      [true, 'newsletter (footer)'],
      [false, 'unsubscribe link'],
    ]);
    await issue('Monsoon care');
    expect(await kinds(email)).toEqual(['newsletter_welcome']);
  });

  it('SMS and WhatsApp marketing: given and withdrawn in the account, each recorded with its wording', async () => {
    const asha = await person('asha@example.in');
    await privacyRequest(asha, posted({ intent: 'consent', purpose: 'marketing_messages', choice: 'give' }), context);
    expect(await consentState(asha)).toMatchObject({ marketing_email: false, marketing_messages: true });
    await privacyRequest(
      asha,
      posted({ intent: 'consent', purpose: 'marketing_messages', choice: 'withdraw' }),
      context,
    );
    expect(await consentState(asha)).toMatchObject({ marketing_email: false, marketing_messages: false });
    expect(await records(asha.email)).toEqual([
      {
        purpose: 'marketing_messages',
        granted: true,
        source: 'account',
        wording: CONSENT_PURPOSE_TEXT.marketing_messages.wording,
      },
      {
        purpose: 'marketing_messages',
        granted: false,
        source: 'account',
        wording: `Withdrawn: ${CONSENT_PURPOSE_TEXT.marketing_messages.wording}`,
      },
    ]);
    expect(
      await privacyRequest(asha, posted({ intent: 'consent', purpose: 'carrier_pigeon', choice: 'give' }), context),
    ).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('WhatsApp order updates: off until given, and withdrawn in the account like the others', async () => {
    const ravi = await person('ravi.whatsapp@example.in');
    expect((await consentState(ravi)).whatsapp_order_updates).toBe(false);
    for (const choice of ['give', 'withdraw'])
      expect(
        await privacyRequest(ravi, posted({ intent: 'consent', purpose: 'whatsapp_order_updates', choice }), context),
      ).toMatchObject({ ok: true });
    expect((await consentState(ravi)).whatsapp_order_updates).toBe(false);
    expect((await records(ravi.email)).map((r) => [r.purpose, r.granted, r.source])).toEqual([
      ['whatsapp_order_updates', true, 'account'],
      ['whatsapp_order_updates', false, 'account'],
    ]);
  });

  it('deleting the account needs DELETE typed', async () => {
    expect(
      await privacyRequest(await person('x@example.in'), posted({ intent: 'delete', confirm: 'yes' }), context),
    ).toMatchObject({
      ok: false,
      code: 'invalid',
      target: 'delete',
    });
  });
});
