// Limits on the public forms that store a row and send mail (appointments, consultation requests,
// newsletter sign-ups), counted in PostgreSQL's rate_limit table so every server process shares them.
// Generous per client address (Indian carriers put many shoppers behind one address), strict per
// email (each accepted form mails that address). See docs/decisions: abuse limits.
import { getDb } from '../../db/client';
import { countAttempt, type AccountLimit } from '../auth/account-limit.server';
import { clientIp } from '../../server/client-address.server';
import { LIMIT_MESSAGES } from './limit-messages';

export type IntakeForm = 'appointment' | 'consultation' | 'newsletter' | 'grievance' | 'cart_contact' | 'back_in_stock';

export const INTAKE_LIMITS: Record<IntakeForm, { perAddress: AccountLimit; perEmail: AccountLimit }> = {
  appointment: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  consultation: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 86_400 } },
  newsletter: { perAddress: { max: 60, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  grievance: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 86_400 } },
  // An address given at checkout for a cart's reminders (each such cart may mail it twice).
  cart_contact: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 3, windowSeconds: 86_400 } },
  // "Notify me": each new request mails its address a confirmation, so an address is asked for at most
  // ten times a day, over all products (decision: back-in-stock notices).
  back_in_stock: { perAddress: { max: 30, windowSeconds: 3600 }, perEmail: { max: 10, windowSeconds: 86_400 } },
};

export interface Requester {
  /** The client address (features/auth/request.server clientIp); absent only in tests of other rules. */
  clientIp?: string;
  now?: Date;
}

/** Counts one accepted-looking submission; which limit is used up ('address' or 'email'), else null. */
export async function intakeLimit(
  form: IntakeForm,
  email: string,
  { clientIp, now = new Date() }: Requester,
): Promise<keyof typeof LIMIT_MESSAGES | null> {
  const db = await getDb();
  const limits = INTAKE_LIMITS[form];
  if (clientIp && !(await countAttempt(db, `intake:${form}:ip:${clientIp}`, limits.perAddress, now.getTime())))
    return 'address';
  if (!(await countAttempt(db, `intake:${form}:email:${email.trim().toLowerCase()}`, limits.perEmail, now.getTime())))
    return 'email';
  return null;
}

/** The same, as the message to show when a limit is used up. */
export async function intakeLimitMessage(
  form: IntakeForm,
  email: string,
  requester: Requester,
): Promise<string | null> {
  const limit = await intakeLimit(form, email, requester);
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
