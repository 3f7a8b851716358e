// Wellness quiz consultation leads: validated with zod, the result recomputed from the answers, and
// the lead stored in one transaction with the shopper's confirmation and the store's notice.
import { z } from 'zod';
import { getDb } from '../../db/client';
import { consultationLeads } from '../../db/schema';
import { indianMobileField } from '../../lib/checkout';
import { QUIZ_QUESTIONS, quizOutcome, quizResultCategory } from '../../lib/wellness-quiz';
import { isHoneypotFilled } from '../abuse/honeypot';
import { intakeLimitMessage, type Requester } from '../abuse/intake-limits.server';
import { storeNoticeAddress } from '../../server/store-notice-address.server';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { CONSULTATION_MESSAGES as M, type ConsultationErrors, type ConsultationResult } from './consultation';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const answersSchema = z.object(
  Object.fromEntries(
    QUIZ_QUESTIONS.map((q) => [
      q.id,
      z.enum(
        q.options.map((o) => o.id),
        { error: M.answers },
      ),
    ]),
  ),
  { error: M.answers },
);

export const consultationSchema = z.object({
  name: required(M.name, 120),
  email: required(M.email, 254).pipe(z.email({ error: M.email })),
  phone: indianMobileField,
  answers: answersSchema,
});

export async function requestConsultation(raw: unknown, requester: Requester = {}): Promise<ConsultationResult> {
  const parsed = consultationSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {});
  if (!parsed.success) {
    const errors: ConsultationErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'answers') as keyof ConsultationErrors;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, message: Object.values(errors)[0]! };
  }
  const { name, email, phone, answers } = parsed.data;
  const category = quizResultCategory(answers);
  // A bot filled the hidden field: it is thanked like anyone; nothing is stored or mailed.
  if (isHoneypotFilled(raw)) return { ok: true, id: 0, category };
  const limited = await intakeLimitMessage('consultation', email, requester);
  if (limited) return { ok: false, errors: {}, message: limited, limited: true };
  const outcome = quizOutcome(category);
  const details: [string, string][] = [
    ['Name', name],
    ['Phone', phone],
    ['Wellness focus', outcome.title],
  ];
  try {
    const db = await getDb();
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consultationLeads)
        .values({ name, email, phone, answers, resultCategory: category })
        .returning({ id: consultationLeads.id });
      await enqueueEmail(tx, {
        kind: 'quiz_consultation_confirmation',
        to: email,
        ...renderMail({
          subject: 'Your Vedara wellness consultation: we will call you within 24 hours',
          greeting: `Namaste ${name},`,
          paragraphs: [
            'Thank you for taking the Vedara wellness quiz and asking for a personalised consultation.',
            'We will call you within 24 hours on the number below to talk through your results and a routine that suits you.',
            `Your suggested ritual: ${outcome.ritual}`,
          ],
          details,
        }),
      });
      await enqueueEmail(tx, {
        kind: 'quiz_consultation_store_notice',
        to: storeNoticeAddress(),
        ...renderMail({
          subject: `New quiz consultation: ${outcome.title} — ${name}`,
          greeting: 'A shopper asked for a consultation after the wellness quiz. Please call within 24 hours.',
          paragraphs: [],
          details: [...details, ['Email', email]],
        }),
      });
      return row!.id;
    });
    kickOutbox();
    return { ok: true, id, category };
  } catch (error) {
    console.error('Consultation request failed', error);
    return { ok: false, errors: {}, message: M.failed };
  }
}
