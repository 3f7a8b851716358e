// Newsletter rules and messages (spec §5, §8), shared by the form island and the server.
export const NEWSLETTER_MESSAGES = {
  invalid: 'Please enter a valid email address.',
  duplicate: "You're already subscribed!",
  success: 'Subscribed successfully!',
  lookupFailed: 'An error occurred. Please try again.',
  insertFailed: 'Subscription failed. Please try again.',
  unexpected: 'Unexpected error. Please try again.',
} as const;

export type NewsletterStatus = 'success' | 'duplicate' | 'invalid' | 'insertFailed' | 'unexpected';

/** Text, @, text, dot, text, no spaces (after trimming what the shopper typed around it). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL_SHAPE.test(email) ? email : null;
}

export const NEWSLETTER_MESSAGE_MS = 5000;
