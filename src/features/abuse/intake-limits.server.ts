// Limits on the public forms that store a row and send mail or a message (appointments, consultation
// requests, newsletter sign-ups, "Notify me"), counted in PostgreSQL's rate_limit table so every server
// process shares them. Generous per client address (Indian carriers put many shoppers behind one
// address), strict per email (each accepted form mails that address) and, where a form takes a WhatsApp
// number, per number. See docs/decisions: abuse limits.
import { getDb } from '../../db/client';
import { countAttempt, type AccountLimit } from '../auth/account-limit.server';
import { clientIp } from '../../server/client-address.server';
import { indianMobileE164 } from '../../lib/india';
import { LIMIT_MESSAGES } from './limit-messages';

export type IntakeForm = 'appointment' | 'consultation' | 'newsletter' | 'grievance' | 'cart_contact' | 'back_in_stock';

export const INTAKE_LIMITS: Record<
  IntakeForm,
  { perAddress: AccountLimit; perEmail: AccountLimit; perMobile?: AccountLimit }
> = {
  appointment: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  consultation: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 86_400 } },
  newsletter: { perAddress: { max: 60, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  grievance: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  // An address given at checkout for a cart's reminders (each such cart may mail it twice).
  cart_contact: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 86_400 } },
  // "Notify me": each new request mails its address a confirmation, so an address is asked for at most
  // ten times a day, over all products; a WhatsApp number, which gets its one message only when the
  // product is back, three times a day (decisions: back-in-stock notices, and on WhatsApp only).
  back_in_stock: {
    perAddress: { max: 30, windowSeconds: 3600 },
    perEmail: { max: 10, windowSeconds: 86_400 },
    perMobile: { max: 3, windowSeconds: 86_400 },
  },
};

export interface Requester {
  /** The client address (features/auth/request.server clientIp); absent only in tests of other rules. */
  clientIp?: string;
  now?: Date;
}

/** Who a submission writes to: an email address, or (for a form with a per-mobile limit) a mobile, or both. */
export type IntakeContact = string | { email: string | null; mobile: string | null };

/**
 * Counts one accepted-looking submission; which limit is used up ('address', 'email' or 'mobile'), else
 * null. A mobile is counted as +91 and ten digits, the way an account keeps it (erasure finds its counters).
 */
export async function intakeLimit(
  form: IntakeForm,
  contact: IntakeContact,
  { clientIp, now = new Date() }: Requester,
): Promise<keyof typeof LIMIT_MESSAGES | null> {
  const db = await getDb();
  const limits = INTAKE_LIMITS[form];
  const { email, mobile } = typeof contact === 'string' ? { email: contact, mobile: null } : contact;
  const counted = (key: string, limit: AccountLimit) => countAttempt(db, `intake:${form}:${key}`, limit, now.getTime());
  if (clientIp && !(await counted(`ip:${clientIp}`, limits.perAddress))) return 'address';
  if (email && !(await counted(`email:${email.trim().toLowerCase()}`, limits.perEmail))) return 'email';
  if (mobile && limits.perMobile) {
    const e164 = indianMobileE164(mobile);
    if (e164 && !(await counted(`mobile:${e164}`, limits.perMobile))) return 'mobile';
  }
  return null;
}

/** The same, as the message to show when a limit is used up. */
export async function intakeLimitMessage(
  form: IntakeForm,
  contact: IntakeContact,
  requester: Requester,
): Promise<string | null> {
  const limit = await intakeLimit(form, contact, requester);
  return limit && LIMIT_MESSAGES[limit];
}

/** Who is posting: the trusted client address of a request (unknown in some environments, e.g. tests). */
export function requesterOf(context: Parameters<typeof clientIp>[0]): Requester {
  try {
    return { clientIp: clientIp(context) };
  } catch {
    // One shared 'unknown' bucket would limit everyone together: only the per-email limit applies.
    return {};
  }
}
