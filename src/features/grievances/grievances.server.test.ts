// Grievances on a real database: a filed grievance gets its ticket at once and an acknowledgement with a
// link to follow it; the link (or the signed-in customer) opens it, nothing else does; the desk lists open
// tickets, flags those past the one-month limit, and an answer is stored and mailed once.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { grievances } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { PostedForm } from '../../server/http/form.server';
import { GRIEVANCE_MESSAGES, isOverdue } from './grievance';
import { answerGrievanceRequest, deskGrievances, fileGrievanceRequest, ticketFor } from './grievances.server';
import { ticketToken } from './ticket-link.server';

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new PostedForm(form);
};
const grievance = (email: string, more: Record<string, string> = {}) =>
  posted({
    name: 'Anil Kapoor',
    email,
    phone: '+91 98100 12345',
    orderNumber: '',
    category: 'delivery',
    message: 'My parcel has not arrived after ten days.',
    ...more,
  });

async function file(email: string, more: Record<string, string> = {}) {
  const outcome = await fileGrievanceRequest(grievance(email, more), { clientIp: '10.9.0.1' }, null);
  if (!outcome.ok || !outcome.redirect) throw new Error(JSON.stringify(outcome));
  const ticket = /\/grievances\/(GRV-\d{4}-\d{6})\?token=/.exec(outcome.redirect)![1];
  return { ticket, redirect: outcome.redirect };
}

describe('filing a grievance', () => {
  it('issues a ticket at once, stores it and mails the acknowledgement with the link to follow it', async () => {
    const { ticket, redirect } = await file('anil@example.in');
    expect(redirect).toBe(`/grievances/${ticket}?token=${ticketToken(ticket)}&filed=1`);
    const db = await getDb();
    const [row] = await db.select().from(grievances).where(eq(grievances.ticket, ticket));
    expect(row).toMatchObject({ status: 'open', phone: '9810012345', category: 'delivery', answer: null });
    // One month to answer.
    const days = (row.dueAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [ack] = await mailsTo('anil@example.in');
    expect(ack.kind).toBe('grievance_acknowledged');
    expect(ack.subject).toBe(`We have received your grievance ${ticket}`);
    expect(ack.text).toContain(`/grievances/${ticket}?token=${ticketToken(ticket)}`);
    expect(ack.text).toContain('Grievance officer:');
  });

  it('refuses a form with missing or wrong fields, naming each, and stores nothing', async () => {
    const outcome = await fileGrievanceRequest(
      grievance('not-an-email', { category: 'bananas', message: 'short', phone: '12345', orderNumber: 'VA-1' }),
      {},
      null,
    );
    expect(outcome).toMatchObject({ ok: false, code: 'invalid' });
    expect(outcome.ok ? {} : Object.keys(outcome.errors ?? {}).sort()).toEqual([
      'category',
      'email',
      'message',
      'orderNumber',
      'phone',
    ]);
    expect(await mailsTo('not-an-email')).toEqual([]);
  });

  it('a bot that fills the hidden field is told it worked; nothing is stored or mailed', async () => {
    const outcome = await fileGrievanceRequest(grievance('bot@example.in', { website: 'spam' }), {}, null);
    expect(outcome).toEqual({ ok: true, redirect: '/grievances?sent=1' });
    expect(await mailsTo('bot@example.in')).toEqual([]);
  });

  it('is limited per email like the other public forms', async () => {
    for (let i = 0; i < 5; i++) await file('busy@example.in');
    expect(await fileGrievanceRequest(grievance('busy@example.in'), { clientIp: '10.9.0.2' }, null)).toMatchObject({
      ok: false,
      code: 'rate_limited',
    });
  });
});

describe('following a ticket', () => {
  it('opens with its signed link or for the signed-in customer it belongs to, and for nobody else', async () => {
    const { ticket } = await file('rekha@example.in');
    expect((await ticketFor(ticket, ticketToken(ticket), null))?.ticket).toBe(ticket);
    expect(await ticketFor(ticket, 'forged', null)).toBeNull();
    expect(await ticketFor(ticket, null, null)).toBeNull();
    const owner = {
      id: 'nobody',
      email: 'Rekha@example.in',
      name: 'Rekha',
      emailVerified: true,
      image: null,
      twoFactorEnabled: false,
      phoneNumber: null,
    };
    expect((await ticketFor(ticket, null, owner))?.ticket).toBe(ticket);
    expect(await ticketFor(ticket, null, { ...owner, email: 'someone@example.in' })).toBeNull();
    expect(await ticketFor('GRV-0000-000000', ticketToken('GRV-0000-000000'), null)).toBeNull();
  });
});

describe('the grievance desk', () => {
  it('lists open tickets due soonest first, flags the overdue, and mails the answer once', async () => {
    const { ticket: late } = await file('late@example.in');
    const { ticket: fresh } = await file('fresh@example.in');
    const db = await getDb();
    await db
      .update(grievances)
      .set({ createdAt: sql`now() - interval '40 days'`, dueAt: sql`now() - interval '9 days'` })
      .where(eq(grievances.ticket, late));
    const desk = await deskGrievances('open');
    expect(desk.overdue).toBe(1);
    const tickets = desk.rows.map((g) => g.ticket);
    expect(tickets.indexOf(late)).toBeLessThan(tickets.indexOf(fresh));
    expect(desk.rows.filter((g) => isOverdue(g)).map((g) => g.ticket)).toEqual([late]);

    const auth = await getAuth();
    const { user: officer } = await auth.api.signUpEmail({
      body: { name: 'Meera Joshi', email: 'officer@example.in', password: 'tulsi-leaf-42' },
    });
    expect(await answerGrievanceRequest(late, posted({ answer: 'Too short' }), officer.id)).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    const answer = 'We are sorry: the courier lost it. A new parcel left today with tracking DL123.';
    expect(await answerGrievanceRequest(late, posted({ answer }), officer.id)).toEqual({
      ok: true,
      notice: GRIEVANCE_MESSAGES.answered(late),
    });
    const mails = await mailsTo('late@example.in');
    expect(mails.map((m) => m.kind)).toEqual(['grievance_acknowledged', 'grievance_answered']);
    expect(mails[1].text).toContain(answer);
    expect(await ticketFor(late, ticketToken(late), null)).toMatchObject({ status: 'answered', answer });
    // Answered once: a second answer is refused and mails nothing.
    expect(await answerGrievanceRequest(late, posted({ answer: `${answer} Again.` }), officer.id)).toMatchObject({
      ok: false,
      code: 'conflict',
      message: GRIEVANCE_MESSAGES.alreadyAnswered,
    });
    expect(await mailsTo('late@example.in')).toHaveLength(2);
    expect((await deskGrievances('open')).overdue).toBe(0);
    expect((await deskGrievances('answered')).rows.map((g) => g.ticket)).toEqual([late]);
    expect(await answerGrievanceRequest('GRV-1999-000001', posted({ answer }), officer.id)).toMatchObject({
      code: 'not_found',
    });
  });
});
