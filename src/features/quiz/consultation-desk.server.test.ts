// Consultation leads on a real database: the desk lists them with answers and result, filters by
// status and records calls; the public form is limited per email and address and has a honeypot.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { consultationLeads, emailOutbox } from '../../db/schema';
import { QUIZ_QUESTIONS } from '../../lib/wellness-quiz';
import { INTAKE_LIMITS } from '../abuse/intake-limits.server';
import { LIMIT_MESSAGES } from '../abuse/limit-messages';
import { listLeads, updateLead } from './consultation-desk.server';
import { requestConsultation } from './consultation.server';

const sleepy = Object.fromEntries(QUIZ_QUESTIONS.map((q) => [q.id, 'e']));
const lead = (email: string, name = 'Kavya Nair') => ({ name, email, phone: '9876543210', answers: sleepy });

describe('consultation leads desk', () => {
  it('lists a new lead with its answers and result, records the call and notes, and filters by status', async () => {
    const made = await requestConsultation(lead('kavya@example.in'), { clientIp: '10.3.0.1' });
    expect(made.ok).toBe(true);
    await requestConsultation(lead('arjun@example.in', 'Arjun Das'), { clientIp: '10.3.0.1' });
    const fresh = await listLeads({ status: 'new', withHealth: true });
    const kavya = fresh.rows.find((r) => r.email === 'kavya@example.in')!;
    expect(kavya).toMatchObject({ status: 'new', result: expect.any(String), staffNotes: '' });
    expect(kavya.questions).toHaveLength(10);
    expect(kavya.questions[0]).toEqual({ question: QUIZ_QUESTIONS[0].text, answer: QUIZ_QUESTIONS[0].options[4].text });

    expect(
      await updateLead({ id: String(kavya.id), status: 'called', notes: 'Prefers evenings. Sent Ashwagandha info.' }),
    ).toEqual({ ok: true, notice: 'Kavya Nair: marked called.' });
    expect((await listLeads({ status: 'called', withHealth: true })).rows.map((r) => [r.email, r.staffNotes])).toEqual([
      ['kavya@example.in', 'Prefers evenings. Sent Ashwagandha info.'],
    ]);
    // Without health.view the answers and notes do not leave the server, and a save keeps the notes.
    const unseen = (await listLeads({ status: 'called' })).rows[0];
    expect([unseen.questions, unseen.answers, unseen.staffNotes]).toEqual([[], {}, '']);
    await updateLead({ id: String(kavya.id), status: 'called', notes: '' }, false);
    expect((await listLeads({ status: 'called', withHealth: true })).rows[0].staffNotes).toBe(
      'Prefers evenings. Sent Ashwagandha info.',
    );
    expect((await listLeads({ status: 'new' })).rows.map((r) => r.email)).toEqual(['arjun@example.in']);
    expect((await listLeads({ status: 'bogus' })).total).toBe(2);

    expect(await updateLead({ id: String(kavya.id), status: 'lost', notes: '' })).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await updateLead({ id: String(kavya.id), status: 'converted', notes: 'x'.repeat(2001) })).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
    expect(await updateLead({ id: '99999', status: 'converted', notes: '' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await updateLead({ id: 'abc', status: 'converted', notes: '' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await updateLead({ id: '3000000000', status: 'converted', notes: '' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
  });

  it('limits requests per email; the honeypot thanks a bot and stores and mails nothing', async () => {
    const { perEmail } = INTAKE_LIMITS.consultation;
    const answers = [];
    for (let i = 0; i <= perEmail.max; i++)
      answers.push(await requestConsultation(lead('again@example.in'), { clientIp: `10.4.0.${i}` }));
    expect(answers.slice(0, perEmail.max).every((a) => a.ok)).toBe(true);
    expect(answers[perEmail.max]).toEqual({ ok: false, errors: {}, message: LIMIT_MESSAGES.email, limited: true });

    const db = await getDb();
    const mails = (await db.select().from(emailOutbox)).length;
    expect(
      await requestConsultation({ ...lead('bot@example.in'), website: 'x' }, { clientIp: '10.5.0.1' }),
    ).toMatchObject({ ok: true, category: 'sleep' });
    expect(await db.select().from(consultationLeads).where(eq(consultationLeads.email, 'bot@example.in'))).toHaveLength(
      0,
    );
    expect((await db.select().from(emailOutbox)).length).toBe(mails);
  });
});
