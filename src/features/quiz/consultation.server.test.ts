import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { consultationLeads, emailOutbox } from '../../db/schema';
import { QUIZ_QUESTIONS } from '../../lib/wellness-quiz';
import { requestConsultation } from './consultation.server';

// Mostly 'b' (gut), with every other category once.
const answers = Object.fromEntries(QUIZ_QUESTIONS.map((q, i) => [q.id, ['a', 'c', 'd', 'e'][i] ?? 'b']));
const contact = { name: ' Meera Iyer ', email: ' meera@example.in ', phone: '98765 43210' };

describe('requestConsultation (real database)', () => {
  it('stores the lead with its answers and result, and queues the confirmation in the same transaction', async () => {
    const result = await requestConsultation({ ...contact, answers, category: 'sleep' });
    expect(result).toMatchObject({ ok: true, category: 'gut' });
    const db = await getDb();
    const leads = await db.select().from(consultationLeads);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera@example.in',
      phone: '9876543210',
      resultCategory: 'gut',
      answers,
    });
    const mails = await db.select().from(emailOutbox);
    const confirmation = mails.find((m) => m.kind === 'quiz_consultation_confirmation');
    expect(confirmation?.toAddress).toBe('meera@example.in');
    expect(confirmation?.textBody).toContain('We will call you within 24 hours');
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'quiz_consultation_confirmation',
      'quiz_consultation_store_notice',
    ]);
  });

  it('refuses missing contact details with clear messages and stores nothing', async () => {
    const db = await getDb();
    const before = {
      leads: (await db.select().from(consultationLeads)).length,
      mails: (await db.select().from(emailOutbox)).length,
    };
    expect(await requestConsultation({ ...contact, name: '  ', answers })).toEqual({
      ok: false,
      errors: { name: 'Please enter your name.' },
      message: 'Please enter your name.',
    });
    expect(await requestConsultation({ ...contact, email: 'not-an-email', answers })).toMatchObject({
      ok: false,
      errors: { email: 'Please enter a valid email address.' },
    });
    expect(await requestConsultation({ ...contact, phone: undefined, answers })).toMatchObject({
      ok: false,
      errors: { phone: 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).' },
    });
    for (const phone of ['12345', '5876543210', '98765 4321', '+1 415 555 0100', 'call me']) {
      expect(await requestConsultation({ ...contact, phone, answers }), phone).toMatchObject({
        ok: false,
        errors: { phone: 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).' },
      });
    }
    expect(await requestConsultation({ answers })).toMatchObject({
      ok: false,
      errors: {
        name: 'Please enter your name.',
        email: 'Please enter a valid email address.',
        phone: 'Please enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9).',
      },
    });
    expect(await requestConsultation({ ...contact, answers: { ...answers, q4: 'z' } })).toMatchObject({
      ok: false,
      errors: { answers: 'Please answer all 10 quiz questions before requesting a consultation.' },
    });
    expect(await requestConsultation({ ...contact })).toMatchObject({
      ok: false,
      errors: { answers: expect.any(String) },
    });
    expect(await requestConsultation('garbage')).toMatchObject({ ok: false });
    expect((await db.select().from(consultationLeads)).length).toBe(before.leads);
    expect((await db.select().from(emailOutbox)).length).toBe(before.mails);
  });
});
