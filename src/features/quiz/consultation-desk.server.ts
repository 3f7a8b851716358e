// /admin/leads: consultation requests from the wellness quiz with their answers and result; staff
// record the call (new → called → converted) and notes.
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { consultationLeads } from '../../db/schema';
import { parseRowId } from '../../lib/row-id';
import { QUIZ_QUESTIONS, quizOutcome } from '../../lib/wellness-quiz';
import { refuse, type FormRefusal } from '../../server/http/form.server';

export const LEAD_STATUSES = ['new', 'called', 'converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', called: 'Called', converted: 'Converted' };
export const isLeadStatus = (value: unknown): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

export const LEADS_PAGE_SIZE = 25;

/** Each question with the answer chosen, in the quiz's order. */
export const answeredQuestions = (answers: Record<string, string>) =>
  QUIZ_QUESTIONS.map((q) => ({
    question: q.text,
    answer: q.options.find((o) => o.id === answers[q.id])?.text ?? '—',
  }));

export async function listLeads({
  status,
  page = 1,
  withHealth = false,
}: {
  status?: string | null;
  page?: number;
  /** The member may see quiz answers and consultation notes (health.view). */
  withHealth?: boolean;
}) {
  const db = await getDb();
  const where = isLeadStatus(status) ? eq(consultationLeads.status, status) : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(consultationLeads)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pages);
  const rows = await db
    .select()
    .from(consultationLeads)
    .where(where)
    .orderBy(desc(consultationLeads.createdAt), desc(consultationLeads.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((current - 1) * LEADS_PAGE_SIZE);
  return {
    total,
    page: current,
    pages,
    // Without health.view the answers and notes never leave the server (src/lib/permissions.ts).
    rows: rows.map((r) => ({
      ...r,
      answers: withHealth ? r.answers : {},
      staffNotes: withHealth ? r.staffNotes : '',
      result: quizOutcome(r.resultCategory).title,
      questions: withHealth ? answeredQuestions(r.answers) : [],
    })),
  };
}

export type LeadUpdate = { ok: true; notice: string } | FormRefusal;

/** `mayNotes`: the member may see and write consultation notes (health.view); without it the notes stay as they are. */
export async function updateLead(form: Record<string, string>, mayNotes = true): Promise<LeadUpdate> {
  const id = parseRowId(form.id);
  if (!id) return refuse('not_found', 'There is no such lead.');
  if (!isLeadStatus(form.status)) return refuse('unprocessable', 'Choose New, Called or Converted.');
  const notes = (form.notes ?? '').trim();
  if (notes.length > 2000) return refuse('unprocessable', 'Notes can be at most 2,000 characters.');
  const db = await getDb();
  const [row] = await db
    .update(consultationLeads)
    .set({ status: form.status, ...(mayNotes && { staffNotes: notes }), updatedAt: new Date() })
    .where(and(eq(consultationLeads.id, id)))
    .returning({ name: consultationLeads.name });
  if (!row) return refuse('not_found', 'There is no such lead.');
  return { ok: true, notice: `${row.name}: marked ${LEAD_STATUS_LABELS[form.status].toLowerCase()}.` };
}
