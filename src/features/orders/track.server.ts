// Track order form handling: field rules (spec §5), a per-IP limit, and the lookup. The answer for a
// wrong email is the same as for an unknown order, so the form cannot be used to probe order IDs.
import { z } from 'zod';
import { getDb } from '../../db/client';
import { countAttempt } from '../auth/account-limit.server';
import { trackOrder, type TrackingResult } from './orders.server';
import { refuse, type FormRefusal, type FormSuccess, type PostedForm } from '../../server/http/form.server';

export const TRACK_MESSAGES = {
  orderId: 'Please enter your Order ID (at least 5 characters).',
  email: 'Please enter a valid email address.',
  tooMany: 'Too many lookups from your network. Please wait a few minutes and try again.',
} as const;

const trackSchema = z.object({
  orderId: z.string().trim().min(5, TRACK_MESSAGES.orderId).max(40, TRACK_MESSAGES.orderId),
  email: z.string().trim().max(254, TRACK_MESSAGES.email).pipe(z.email(TRACK_MESSAGES.email)),
});

// 20 lookups per 10 minutes per client address, shared by every server process.
const TRACK_LIMIT = { max: 20, windowSeconds: 600 };

export type TrackAnswer =
  | { kind: 'invalid'; errors: Partial<Record<'orderId' | 'email', string>> }
  | { kind: 'limited' }
  | { kind: 'not_found' }
  | { kind: 'found'; result: TrackingResult };

export async function answerTrackRequest(
  input: { orderId: unknown; email: unknown },
  clientIp: string,
): Promise<TrackAnswer> {
  const parsed = trackSchema.safeParse({ orderId: String(input.orderId ?? ''), email: String(input.email ?? '') });
  if (!parsed.success) {
    const errors: Partial<Record<'orderId' | 'email', string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as 'orderId' | 'email'] ??= issue.message;
    return { kind: 'invalid', errors };
  }
  if (!(await countAttempt(await getDb(), `track:${clientIp}`, TRACK_LIMIT))) return { kind: 'limited' };
  const result = await trackOrder(parsed.data.orderId, parsed.data.email);
  return result ? { kind: 'found', result } : { kind: 'not_found' };
}

const TRACK_CODES = { invalid: 'unprocessable', limited: 'rate_limited', not_found: 'not_found' } as const;

/** The /track form: the answer to show, the values typed, and a code when nothing was found. */
export async function trackFormRequest(
  form: PostedForm,
  clientIp: string,
): Promise<(FormSuccess | FormRefusal) & { answer: TrackAnswer; values: { orderId: string; email: string } }> {
  const values = { orderId: (form.raw('orderId') ?? '').slice(0, 100), email: (form.raw('email') ?? '').slice(0, 254) };
  const answer = await answerTrackRequest(values, clientIp);
  if (answer.kind === 'found') return { ok: true, answer, values };
  const message =
    answer.kind === 'invalid'
      ? (Object.values(answer.errors)[0] ?? TRACK_MESSAGES.orderId)
      : answer.kind === 'limited'
        ? TRACK_MESSAGES.tooMany
        : 'Order Not Found';
  return { ...refuse(TRACK_CODES[answer.kind], message), answer, values };
}
