import { describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { emailOutbox, subscriptions } from '../../db/schema';
import { INTAKE_LIMITS } from '../abuse/intake-limits.server';
import { listSubscribers, subscribersCsv, unsubscribeById } from './subscribers-desk.server';
import { subscribe, subscribeStatus, unsubscribe } from './newsletter.server';
import { unsubscribeToken, unsubscribeUrl, verifiedUnsubscribeEmail } from './unsubscribe-link.server';
import { connectionClosed, loseNextMail } from '../../../tests/support/failing-outbox';

// The real outbox, but the next mail queued may be made to fail inside its transaction.

vi.mock('../../server/mail/outbox.server', async (importOriginal) =>
  (await import('../../../tests/support/failing-outbox')).failingOutbox(await importOriginal()),
);

describe('subscribe (real database)', () => {
  it('stores a normalised email once and reports the duplicate', async () => {
    expect(await subscribe(' Ravi@Example.com ')).toBe('success');
    expect(await subscribe('ravi@example.com')).toBe('duplicate');
    expect(await subscribe('not-an-email')).toBe('invalid');
    const db = await getDb();
    const rows = await db
      .select({ email: subscriptions.email })
      .from(subscriptions)
      .where(like(subscriptions.email, 'ravi%'));
    expect(rows).toEqual([{ email: 'ravi@example.com' }]);
  });

  it('makes one row and one success for 20 simultaneous sign-ups of one address (the rest: duplicate or limited)', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => subscribe('race@example.com')));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate').length).toBeGreaterThanOrEqual(
      INTAKE_LIMITS.newsletter.perEmail.max - 1,
    );
    expect(results.every((r) => ['success', 'duplicate', 'limitedEmail'].includes(r))).toBe(true);
    const db = await getDb();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.email, 'race@example.com'))).toHaveLength(1);
  });
});

describe('subscribe when the database fails mid-transaction', () => {
  const stored = async (email: string) =>
    (await getDb()).select().from(subscriptions).where(eq(subscriptions.email, email));

  it('throws a lost connection on (the boundary answers 503), having stored nothing; another failure reads as failed', async () => {
    loseNextMail.error = connectionClosed();
    await expect(subscribe('lost@example.in')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(await stored('lost@example.in')).toEqual([]);
    loseNextMail.error = new Error('a bug');
    expect(await subscribe('bug@example.in')).toBe('insertFailed');
    expect(await stored('bug@example.in')).toEqual([]);
    // The shopper's next try goes through.
    expect(await subscribe('lost@example.in')).toBe('success');
  });
});

describe('welcome mail and the unsubscribe link', () => {
  it('mails a new subscriber once, with a signed unsubscribe link in the text, the HTML and the List-Unsubscribe headers', async () => {
    expect(await subscribe('Meera@Example.in', 'footer', { clientIp: '10.1.1.1' })).toBe('success');
    expect(await subscribe('meera@example.in', 'footer', { clientIp: '10.1.1.1' })).toBe('duplicate');
    const db = await getDb();
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'meera@example.in'), eq(emailOutbox.kind, 'newsletter_welcome')));
    expect(mails).toHaveLength(1);
    const link = unsubscribeUrl('meera@example.in');
    expect(mails[0].textBody).toContain(`Unsubscribe: ${link}`);
    expect(mails[0].htmlBody).toContain(link.replaceAll('&', '&amp;'));
    expect(mails[0].headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('accepts only the untouched token for its own address', () => {
    const token = unsubscribeToken('meera@example.in');
    expect(verifiedUnsubscribeEmail('Meera@Example.in', token)).toBe('meera@example.in');
    expect(verifiedUnsubscribeEmail('ravi@example.in', token)).toBeNull();
    expect(
      verifiedUnsubscribeEmail('meera@example.in', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
    expect(verifiedUnsubscribeEmail('meera@example.in', token.slice(0, 10))).toBeNull();
    expect(verifiedUnsubscribeEmail('meera@example.in', '')).toBeNull();
    expect(verifiedUnsubscribeEmail('not an email', token)).toBeNull();
    expect(verifiedUnsubscribeEmail(null, null)).toBeNull();
    expect(verifiedUnsubscribeEmail('meera@example.in', 'ü'.repeat(43))).toBeNull();
  });

  it('unsubscribes idempotently; the address can sign up again', async () => {
    expect(await unsubscribe('meera@example.in')).toBe(true);
    expect(await unsubscribe('meera@example.in')).toBe(false);
    expect(await subscribe('meera@example.in', 'footer', { clientIp: '10.1.1.2' })).toBe('success');
  });
});

describe('newsletter limits and honeypot', () => {
  it('limits sign-ups per email and per client address; a bot filling the honeypot is told it worked and nothing is stored or mailed', async () => {
    const { perAddress } = INTAKE_LIMITS.newsletter;
    const answers = [];
    for (let i = 0; i <= perAddress.max; i++)
      answers.push(await subscribe(`crowd${i}@example.in`, 'footer', { clientIp: '203.0.113.50' }));
    expect(answers.slice(0, perAddress.max).every((a) => a === 'success')).toBe(true);
    expect(answers[perAddress.max]).toBe('limitedAddress');
    expect(subscribeStatus('limitedAddress')).toBe(429);

    const db = await getDb();
    const mailsBefore = (await db.select().from(emailOutbox)).length;
    expect(
      await subscribe(
        'bot@example.in',
        'footer',
        { clientIp: '198.51.100.1' },
        { email: 'bot@example.in', website: 'https://buy.example' },
      ),
    ).toBe('success');
    expect(await db.select().from(subscriptions).where(eq(subscriptions.email, 'bot@example.in'))).toHaveLength(0);
    expect((await db.select().from(emailOutbox)).length).toBe(mailsBefore);
  });
});

describe('subscribers desk', () => {
  it('searches (wildcards literal), pages, exports every subscriber as CSV with formulas defused, and unsubscribes by id', async () => {
    expect(await subscribe('=cmd|calc@evil.example', 'footer', { clientIp: '10.2.0.1' })).toBe('success');
    expect(await subscribe('under_score@example.in', 'footer', { clientIp: '10.2.0.1' })).toBe('success');
    const found = await listSubscribers({ q: 'UNDER_' });
    expect(found.rows.map((r) => r.email)).toEqual(['under_score@example.in']);
    expect((await listSubscribers({ q: '%' })).total).toBe(0);
    const all = await listSubscribers({ page: 99 });
    expect(all.page).toBe(all.pages);

    const csv = await subscribersCsv();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('email,source,subscribed_at');
    expect(csv).toContain("'=cmd|calc@evil.example,footer,");
    expect(csv).toContain('under_score@example.in,footer,');
    expect(lines.length - 2).toBe(all.total);

    const id = found.rows[0].id;
    expect(await unsubscribeById(String(id))).toEqual({ ok: true, notice: 'under_score@example.in is unsubscribed.' });
    expect(await unsubscribeById(String(id))).toMatchObject({ ok: false, code: 'not_found' });
    expect(await unsubscribeById('nonsense')).toMatchObject({ ok: false, code: 'not_found' });
    expect(await unsubscribeById('2147483648')).toMatchObject({ ok: false, code: 'not_found' });
  });
});
