// Newsletter rules and messages (spec §5, §8), shared by the form island and the server.
import { LIMIT_MESSAGES } from '../abuse/limit-messages';

export const NEWSLETTER_MESSAGES = {
  invalid: 'Please enter a valid email address.',
  duplicate: "You're already subscribed!",
  success: 'Subscribed successfully!',
  lookupFailed: 'An error occurred. Please try again.',
  insertFailed: 'Subscription failed. Please try again.',
  unexpected: 'Unexpected error. Please try again.',
  limitedAddress: LIMIT_MESSAGES.address,
  limitedEmail: LIMIT_MESSAGES.email,
} as const;

export type NewsletterStatus =
  | 'success'
  | 'duplicate'
  | 'invalid'
  | 'insertFailed'
  | 'unexpected'
  | 'limitedAddress'
  | 'limitedEmail';

export const UNSUBSCRIBE_MESSAGES = {
  confirm: (email: string) => `Stop sending the Vedara newsletter to ${email}?`,
  done: (email: string) => `${email} is unsubscribed. You will get no more newsletters from us.`,
  /** careEmail: the store's customer care address (STORE_CARE_EMAIL). */
  badLink: (careEmail: string) =>
    `This unsubscribe link is not valid. Please use the link in your latest newsletter, or write to ${careEmail} and we will unsubscribe you.`,
} as const;

/** Text, @, text, dot, text, no spaces (after trimming what the shopper typed around it). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL_SHAPE.test(email) ? email : null;
}

export const NEWSLETTER_MESSAGE_MS = 5000;
