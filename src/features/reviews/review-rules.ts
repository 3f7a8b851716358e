// Verified reviews: what a review form may hold and the messages a customer or staff member reads.
// Pure (islands, pages and the server share it).
import { z } from 'zod';

const MB = 1024 * 1024;
export const REVIEW_LIMITS = {
  titleMax: 120,
  bodyMin: 20,
  bodyMax: 3000,
  photos: 3,
  photoBytes: 8 * MB,
  noteMax: 500,
} as const;
/** A review form at its largest: every photo plus the text. */
export const REVIEW_FORM_BYTES = REVIEW_LIMITS.photos * REVIEW_LIMITS.photoBytes + MB;
/** Verified reviews shown on the product page; the rest on /product/{id}/reviews. */
export const REVIEWS_ON_PRODUCT_PAGE = 6;
export const REVIEWS_PAGE_SIZE = 20;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const isReviewStatus = (value: unknown): value is ReviewStatus =>
  (REVIEW_STATUSES as readonly unknown[]).includes(value);
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting for moderation',
  approved: 'Published',
  rejected: 'Not published',
};

export const REVIEW_MESSAGES = {
  notBought: 'Only customers whose order of this product has been delivered can review it. Nothing was saved.',
  noProduct: 'There is no such product.',
  rating: 'Choose a rating from 1 to 5 stars.',
  title: `Keep the title to at most ${REVIEW_LIMITS.titleMax} characters.`,
  body: `Tell other shoppers about the product in ${REVIEW_LIMITS.bodyMin} to ${REVIEW_LIMITS.bodyMax} characters.`,
  photos: `Add at most ${REVIEW_LIMITS.photos} photos, each a PNG, JPEG or WebP image of at most ${REVIEW_LIMITS.photoBytes / MB} MB.`,
  sent: 'Thank you! Your review will appear on the product page once our team has checked it (usually within 2 working days).',
  updated: 'Your review was updated. It will appear again once our team has checked it.',
  approved: 'Review published.',
  rejected: 'Review rejected; the customer sees your note.',
  rejectNote: 'Say in a note why the review is not published (the customer reads it).',
  note: `Keep the note to at most ${REVIEW_LIMITS.noteMax} characters.`,
  noReview: 'There is no such review.',
  intent: 'Choose Publish or Reject.',
  claimNote:
    'Contains a claim we may not publish: the marked words. Reject it with a note asking the customer to rewrite them.',
  claim: (phrases: string) =>
    `This review contains a claim we may not publish (${phrases}), so it cannot be published as it is. Reject it with a note asking the customer to rewrite it. Nothing was changed.`,
} as const;

export type ReviewFormErrors = Partial<Record<'rating' | 'title' | 'body' | 'photos' | 'form', string>>;
export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
}

const reviewSchema = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  title: z.string().max(REVIEW_LIMITS.titleMax),
  body: z.string().min(REVIEW_LIMITS.bodyMin).max(REVIEW_LIMITS.bodyMax),
});

/** Trims and judges the text fields of a review form; one message per field. */
export function judgeReview(fields: {
  rating?: unknown;
  title?: unknown;
  body?: unknown;
}): { ok: true; value: ReviewInput } | { ok: false; errors: ReviewFormErrors } {
  const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '');
  const input = {
    rating: typeof fields.rating === 'string' && /^\d$/.test(fields.rating.trim()) ? fields.rating.trim() : 'x',
    title: text(fields.title),
    body: text(fields.body),
  };
  const parsed = reviewSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: ReviewFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as 'rating' | 'title' | 'body';
    errors[field] ??= REVIEW_MESSAGES[field];
  }
  return { ok: false, errors };
}

/** 'Asha Rao' → 'Asha R.'; how a customer's name shows under their review. */
export function reviewerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Vedara customer';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export interface RatingSummary {
  average: number;
  count: number;
}

/** The average to one decimal from a count and a sum of stars; null without reviews. */
export function ratingFrom(count: number, sum: number): RatingSummary | null {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null;
}

/** A review's date as shoppers read it (27 November 2026); made once, not per rendering (~50 µs each). */
export const REVIEW_DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
