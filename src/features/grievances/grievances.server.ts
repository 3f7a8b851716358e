// Grievances (docs/decisions: grievances): the public form files one in a transaction
// with its acknowledgement mail (ticket number from the database), the ticket page shows it to whoever
// holds its signed link or the signed-in customer it belongs to, and the desk answers it (mailed in the
// same transaction). An open ticket past its one-month answer date is overdue.
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { grievances, user as users } from '../../db/schema';
import { normaliseIndianMobile, INDIAN_MOBILE_MESSAGE } from '../../lib/india';
import { isHoneypotFilled } from '../abuse/honeypot';
import { intakeLimitMessage, type Requester } from '../abuse/intake-limits.server';
import type { SessionUser } from '../auth/session.server';
import { enqueueEmail, kickOutbox } from '../../server/mail/outbox.server';
import { renderMail } from '../../server/mail/templates.server';
import { refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';
import { normaliseEmail } from '../newsletter/newsletter';
import { storeNoticeAddress } from '../../server/store-notice-address.server';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_MESSAGES,
  TICKET_SHAPE,
  type GrievanceCategory,
} from './grievance';
import { grievanceOfficer } from './grievance-officer.server';
import { type AccessingStaff, logStaffAccess, recordDataAccessLog } from '../privacy/data-access-log.server';
import { isValidTicketToken, ticketLink, ticketLinkPath } from './ticket-link.server';

export type Grievance = typeof grievances.$inferSelect;

const ORDER_NUMBER = /^VA-[2-9A-HJKMNP-Z]{8}$/;
const dateIst = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

export interface GrievanceInput {
  name: string;
  email: string;
  phone: string;
  orderNumber: string | null;
  category: GrievanceCategory;
  message: string;
}

/** The posted fields, checked: the values to store, or the message for each field that is wrong. */
export function validateGrievance(
  form: PostedForm,
): { ok: true; input: GrievanceInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = form.text('name');
  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > 120) errors.name = 'Your name can be at most 120 characters.';
  const email = normaliseEmail(form.text('email'));
  if (!email) errors.email = 'Please enter a valid email address.';
  const rawPhone = form.text('phone');
  const phone = rawPhone ? normaliseIndianMobile(rawPhone) : '';
  if (phone === null) errors.phone = INDIAN_MOBILE_MESSAGE;
  const rawOrder = form.text('orderNumber').toUpperCase();
  if (rawOrder && !ORDER_NUMBER.test(rawOrder))
    errors.orderNumber = 'An order number looks like VA-7K2M9QXD (it is in your order mail).';
  const category = form.text('category');
  if (!(GRIEVANCE_CATEGORIES as readonly string[]).includes(category))
    errors.category = 'Please choose what your grievance is about.';
  const message = form.text('message');
  if (message.length < 10) errors.message = 'Please tell us what went wrong (at least 10 characters).';
  else if (message.length > 4000) errors.message = 'Please keep it to 4,000 characters.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name,
      email: email!,
      phone: phone ?? '',
      orderNumber: rawOrder || null,
      category: category as GrievanceCategory,
      message,
    },
  };
}

function acknowledgementMail(g: Grievance) {
  const officer = grievanceOfficer();
  return {
    kind: 'grievance_acknowledged',
    to: g.email,
    ...renderMail({
      subject: `We have received your grievance ${g.ticket}`,
      greeting: `Dear ${g.name},`,
      paragraphs: [
        `Thank you for writing to us. Your grievance is registered as ticket ${g.ticket}.`,
        `Our grievance officer will answer by ${dateIst(g.dueAt)} at the latest (within one month). You can follow the ticket at any time with the link below.`,
        `Grievance officer: ${officer.name}, ${officer.designation} · ${officer.email} · ${officer.phone}`,
      ],
      details: [
        ['Ticket', g.ticket],
        ['About', GRIEVANCE_CATEGORY_LABELS[g.category]],
        ...(g.orderNumber ? ([['Order', g.orderNumber]] as [string, string][]) : []),
        ['Your message', g.message],
      ],
      action: { label: 'Follow your ticket', url: ticketLink(g.ticket) },
    }),
  };
}

function officerNoticeMail(g: Grievance) {
  return {
    kind: 'grievance_filed_notice',
    to: grievanceOfficer().email || storeNoticeAddress(),
    ...renderMail({
      subject: `New grievance ${g.ticket} (answer by ${dateIst(g.dueAt)})`,
      greeting: 'A new grievance was filed.',
      paragraphs: [`Answer it at the grievance desk (/admin/grievances/${g.ticket}) by ${dateIst(g.dueAt)}.`],
      details: [
        ['Ticket', g.ticket],
        ['About', GRIEVANCE_CATEGORY_LABELS[g.category]],
      ],
    }),
  };
}

/** The public form's post: files the grievance and sends the customer to its ticket page. */
export async function fileGrievanceRequest(
  form: PostedForm,
  requester: Requester,
  signedIn: SessionUser | null,
): Promise<FormOutcome> {
  const checked = validateGrievance(form);
  if (!checked.ok)
    return refuse('invalid', Object.values(checked.errors)[0]!, { errors: checked.errors, form, target: 'grievance' });
  // A bot filled the hidden field: it is told what a person would be told, nothing is stored or mailed.
  if (isHoneypotFilled(form.values())) return { ok: true, redirect: '/grievances?sent=1' };
  const limited = await intakeLimitMessage('grievance', checked.input.email, requester);
  if (limited) return refuse('rate_limited', limited, { form, target: 'grievance' });
  const db = await getDb();
  const filed = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(grievances)
      .values({ ...checked.input, userId: signedIn?.id ?? null })
      .returning();
    await enqueueEmail(tx, acknowledgementMail(row));
    await enqueueEmail(tx, officerNoticeMail(row));
    return row;
  });
  kickOutbox();
  return { ok: true, redirect: `${ticketLinkPath(filed.ticket)}&filed=1` };
}

/** A ticket for its page: with a valid signed link, or for the signed-in customer it belongs to. */
export async function ticketFor(
  ticket: string,
  token: string | null,
  signedIn: SessionUser | null,
): Promise<Grievance | null> {
  if (!TICKET_SHAPE.test(ticket)) return null;
  const db = await getDb();
  const [row] = await db.select().from(grievances).where(eq(grievances.ticket, ticket));
  if (!row || row.erasedAt) return null;
  if (isValidTicketToken(ticket, token)) return row;
  if (signedIn && (row.userId === signedIn.id || row.email === signedIn.email.toLowerCase())) return row;
  return null;
}

/** The signed-in customer's tickets, newest first. */
export async function grievancesOf(customer: SessionUser): Promise<Grievance[]> {
  const db = await getDb();
  return db
    .select()
    .from(grievances)
    .where(
      and(
        or(eq(grievances.userId, customer.id), eq(grievances.email, customer.email.toLowerCase())),
        isNull(grievances.erasedAt),
      ),
    )
    .orderBy(desc(grievances.createdAt), desc(grievances.id));
}

export type DeskGrievanceFilter = 'open' | 'answered' | 'all';

/** The desk's list: open tickets first, the one due soonest (or most overdue) at the top. */
export async function deskGrievances(filter: DeskGrievanceFilter = 'open', now = new Date()) {
  const db = await getDb();
  const where =
    filter === 'all' ? isNull(grievances.erasedAt) : and(eq(grievances.status, filter), isNull(grievances.erasedAt));
  const rows = await db
    .select()
    .from(grievances)
    .where(where)
    .orderBy(filter === 'answered' ? desc(grievances.answeredAt) : asc(grievances.dueAt), asc(grievances.id))
    .limit(200);
  const [{ overdue, open }] = await db
    .select({
      open: sql<number>`count(*) filter (where ${grievances.status} = 'open')::int`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${grievances.status} = 'open' and ${grievances.dueAt} < ${now.toISOString()}::timestamptz)::int`.mapWith(
          Number,
        ),
    })
    .from(grievances)
    .where(isNull(grievances.erasedAt));
  return { rows, open, overdue };
}

export async function deskGrievance(ticket: string) {
  if (!TICKET_SHAPE.test(ticket)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ grievance: grievances, answeredByName: users.name })
    .from(grievances)
    .leftJoin(users, eq(users.id, grievances.answeredBy))
    .where(eq(grievances.ticket, ticket));
  return row && !row.grievance.erasedAt ? row : null;
}

/** The grievance desk page's data: its opening is logged (DPDP) and the page shows that ticket's log. */
export async function openDeskGrievance(staff: AccessingStaff, ticket: string) {
  const found = await deskGrievance(ticket);
  if (!found) return null;
  const g = found.grievance;
  const record = { kind: 'grievance', ref: g.ticket } as const;
  await logStaffAccess(staff, 'grievance', [{ userId: g.userId, email: g.email || null, record }]);
  return { ...found, accessLog: await recordDataAccessLog(record) };
}

function answerMail(g: Grievance) {
  const officer = grievanceOfficer();
  return {
    kind: 'grievance_answered',
    to: g.email,
    ...renderMail({
      subject: `Our answer to your grievance ${g.ticket}`,
      greeting: `Dear ${g.name},`,
      paragraphs: [
        `This is our answer to your grievance ${g.ticket}:`,
        g.answer ?? '',
        `If this does not settle it, reply to this mail or write to our grievance officer, ${officer.name} (${officer.email}, ${officer.phone}); you may also approach the National Consumer Helpline (1915) or the consumer commission.`,
      ],
      action: { label: 'See your ticket', url: ticketLink(g.ticket) },
    }),
  };
}

/** The desk's answer: stored and mailed in one transaction; an answered ticket is not answered again. */
export async function answerGrievanceRequest(ticket: string, form: PostedForm, staffId: string): Promise<FormOutcome> {
  const answer = form.text('answer');
  if (answer.length < 10)
    return refuse('invalid', 'Please write the answer (at least 10 characters).', {
      errors: { answer: 'Please write the answer (at least 10 characters).' },
      form,
    });
  if (answer.length > 4000) return refuse('invalid', 'Please keep the answer to 4,000 characters.', { form });
  if (!TICKET_SHAPE.test(ticket)) return refuse('not_found', 'There is no such grievance.');
  const db = await getDb();
  const answered = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(grievances)
      .set({ status: 'answered', answer, answeredBy: staffId, answeredAt: new Date() })
      .where(and(eq(grievances.ticket, ticket), eq(grievances.status, 'open'), isNull(grievances.erasedAt)))
      .returning();
    if (row) await enqueueEmail(tx, answerMail(row));
    return row;
  });
  if (!answered) {
    const exists = await deskGrievance(ticket);
    return exists
      ? refuse('conflict', GRIEVANCE_MESSAGES.alreadyAnswered)
      : refuse('not_found', 'There is no such grievance.');
  }
  kickOutbox();
  return { ok: true, notice: GRIEVANCE_MESSAGES.answered(ticket) };
}
