// A product's FAQs in the back office: add, edit, put in order, delete. The product page lists them
// in this order (catalog.server.ts getFaqs).
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { claimMessage, findClaims } from '../../lib/claims';
import { refusal, type Refusal } from '../../lib/errors';
import { CHECK_FIELDS, field, NO_SUCH_PRODUCT } from './form-values';
import { moveItem, type Direction } from './ordering';

export const FAQ_MESSAGES = {
  question: 'Please enter the question (up to 300 characters).',
  answer: 'Please enter the answer (up to 5,000 characters).',
  missing: 'There is no such FAQ for this product.',
} as const;

export type FaqErrors = Partial<Record<'question' | 'answer', string>>;
type FaqResult = { ok: true } | Refusal<'not_found' | 'unprocessable'>;

function readFaq(form: FormData): { ok: true; question: string; answer: string } | Refusal<'unprocessable'> {
  const question = field(form, 'question');
  const answer = field(form, 'answer');
  const errors: FaqErrors = {};
  if (!question || question.length > 300) errors.question = FAQ_MESSAGES.question;
  if (!answer || answer.length > 5000) errors.answer = FAQ_MESSAGES.answer;
  // An FAQ is product copy on the product page: the same forbidden claims (src/lib/claims.ts).
  for (const [name, text] of [
    ['question', question],
    ['answer', answer],
  ] as const) {
    const claims = findClaims(text);
    if (claims.length) errors[name] ??= claimMessage(claims);
  }
  return Object.keys(errors).length ? refusal('unprocessable', CHECK_FIELDS, errors) : { ok: true, question, answer };
}

const notFound = refusal('not_found', FAQ_MESSAGES.missing);

export async function addFaq(productId: number, form: FormData): Promise<FaqResult> {
  const faq = readFaq(form);
  if (!faq.ok) return faq;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(eq(t.products.id, productId))
      .for('update');
    if (!product) return refusal('not_found', NO_SUCH_PRODUCT);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${t.productFaqs.position}) + 1, 0)`.mapWith(Number) })
      .from(t.productFaqs)
      .where(eq(t.productFaqs.productId, productId));
    await tx.insert(t.productFaqs).values({ productId, question: faq.question, answer: faq.answer, position: next });
    return { ok: true as const };
  });
}

export async function updateFaq(productId: number, faqId: number, form: FormData): Promise<FaqResult> {
  const faq = readFaq(form);
  if (!faq.ok) return faq;
  const db = await getDb();
  const rows = await db
    .update(t.productFaqs)
    .set({ question: faq.question, answer: faq.answer })
    .where(and(eq(t.productFaqs.id, faqId), eq(t.productFaqs.productId, productId)))
    .returning({ id: t.productFaqs.id });
  return rows.length ? { ok: true } : notFound;
}

export async function moveFaq(productId: number, faqId: number, direction: Direction): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: t.productFaqs.id })
      .from(t.productFaqs)
      .where(eq(t.productFaqs.productId, productId))
      .orderBy(asc(t.productFaqs.position), asc(t.productFaqs.id))
      .for('update');
    if (!rows.some((r) => r.id === faqId)) return false;
    for (const [position, id] of moveItem(
      rows.map((r) => r.id),
      faqId,
      direction,
    ).entries()) {
      await tx.update(t.productFaqs).set({ position }).where(eq(t.productFaqs.id, id));
    }
    return true;
  });
}

export async function deleteFaq(productId: number, faqId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(t.productFaqs)
    .where(and(eq(t.productFaqs.id, faqId), eq(t.productFaqs.productId, productId)))
    .returning({ id: t.productFaqs.id });
  return rows.length === 1;
}
