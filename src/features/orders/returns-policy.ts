// What the Refunds policy (content/policies/refunds.md) asks of a return request, as rules the form
// and the server share. Pure; the clock is passed in.

export const RETURN_STATUSES = ['requested', 'accepted', 'declined', 'received', 'refunded', 'replaced'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** A return still being handled: at most one per order (a unique index in the database too). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'accepted', 'received'];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested — we reply within 48 working hours',
  accepted: 'Accepted — we arrange a free reverse pickup',
  declined: 'Declined',
  received: 'Received — being inspected',
  refunded: 'Refunded',
  replaced: 'Replacement sent',
};

/** What the customer asks for the items sent back: the money, or the same product and plan again. */
export const RETURN_RESOLUTIONS = {
  refund: 'A refund',
  replacement: 'A replacement of the same product and plan',
} as const;
export type ReturnResolution = keyof typeof RETURN_RESOLUTIONS;
export const isReturnResolution = (value: string): value is ReturnResolution =>
  Object.hasOwn(RETURN_RESOLUTIONS, value);

/** Policy §2: what can be refunded. */
export const RETURN_REASON_CATEGORIES = {
  damaged: 'Damaged — the product or its seal arrived broken, leaking or crushed',
  defective: 'Defective — spoiled, expired or not fit for use on arrival',
  incorrect: 'Incorrect — a different product, flavour or pack size from the one I ordered',
} as const;
export type ReturnReasonCategory = keyof typeof RETURN_REASON_CATEGORIES;

/** Policy §4: what cannot be refunded. The form offers them so the customer learns why, before sending anything. */
export const EXCLUDED_REASONS = {
  changed_mind: {
    label: 'I changed my mind or do not like the taste',
    message: 'Change of mind and taste preference cannot be refunded (Refunds policy, section 4).',
  },
  no_results: {
    label: 'It did not give the results I expected',
    message:
      'We cannot refund because expected results were not achieved: Ayurvedic products work differently for each person (Refunds policy, section 4).',
  },
  opened: {
    label: 'I opened or used it and it was not damaged',
    message:
      'Used items, and items whose seal was broken for reasons other than damage in transit, cannot be refunded (Refunds policy, section 4).',
  },
} as const;
export type ExcludedReason = keyof typeof EXCLUDED_REASONS;

export const isReasonCategory = (value: string): value is ReturnReasonCategory =>
  Object.hasOwn(RETURN_REASON_CATEGORIES, value);
export const isExcludedReason = (value: string): value is ExcludedReason => Object.hasOwn(EXCLUDED_REASONS, value);

/** Shipping policy §10: damage in transit is reported within 48 hours of delivery. */
export const DAMAGE_REPORT_HOURS = 48;
export const MAX_RETURN_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;
export const MAX_VIDEO_MB = 40;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MB * 1024 * 1024;

export const RETURN_MESSAGES = {
  reason: 'Please choose what happened to your order.',
  description: 'Please describe the problem in a few words (10 to 2000 characters).',
  photos: `Please attach 1 to ${MAX_RETURN_PHOTOS} photos of the product, the outer box, the shipping label and the invoice (PNG, JPEG or WebP, 3 MB each at most).`,
  video: `Please attach your unboxing video (MP4, WebM or MOV, ${MAX_VIDEO_MB} MB at most), recorded in one take from before the sealed parcel was opened.`,
  damageLate: `Damage in transit has to be reported within ${DAMAGE_REPORT_HOURS} hours of delivery (Shipping policy, section 10).`,
  open: 'A return for this order is already being handled.',
  lines: 'Choose the items you are sending back and how many of each.',
  resolution: 'Choose a refund or a replacement of the same product.',
  sent: 'Your return request has been sent. We reply within 48 working hours.',
} as const;

export type ReturnFormErrors = Partial<
  Record<
    | 'reason'
    | 'description'
    | 'photos'
    | 'video'
    | 'form'
    | 'lines'
    | 'resolution'
    | 'payout'
    | 'upi'
    | 'account'
    | 'ifsc',
    string
  >
>;

/** The return form's field for the units of an order line sent back. */
export const returnUnitsField = (orderLineId: number) => `units-${orderLineId}`;

/** The form's choice: a refund unless a replacement is asked for; anything else is not an answer (null). */
export function readResolution(value: string): ReturnResolution | null {
  const chosen = value.trim() || 'refund';
  return isReturnResolution(chosen) ? chosen : null;
}

/**
 * The units the form sends back per order line: whole numbers from 0 to what is still with the
 * customer, at least one unit in all. Null when that is not what was sent.
 */
export function readReturnUnits(
  lines: { id: number; left: number }[],
  value: (name: string) => string,
): { orderLineId: number; quantity: number }[] | null {
  const chosen: { orderLineId: number; quantity: number }[] = [];
  for (const line of lines) {
    const raw = value(returnUnitsField(line.id)).trim() || '0';
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > line.left) return null;
    if (Number(raw) > 0) chosen.push({ orderLineId: line.id, quantity: Number(raw) });
  }
  return chosen.length ? chosen : null;
}

/** The text fields of the return form judged against the policy (files are checked by their bytes). */
export function judgeReturnRequest(
  input: { reason: string; description: string; photoCount: number; hasVideo: boolean },
  deliveredAt: Date,
  now: Date,
): { ok: true; category: ReturnReasonCategory } | { ok: false; errors: ReturnFormErrors } {
  if (isExcludedReason(input.reason)) return { ok: false, errors: { reason: EXCLUDED_REASONS[input.reason].message } };
  const errors: ReturnFormErrors = {};
  if (!isReasonCategory(input.reason)) errors.reason = RETURN_MESSAGES.reason;
  else if (input.reason === 'damaged' && now.getTime() - deliveredAt.getTime() > DAMAGE_REPORT_HOURS * 3_600_000)
    errors.reason = RETURN_MESSAGES.damageLate;
  const description = input.description.trim();
  if (description.length < 10 || description.length > 2000) errors.description = RETURN_MESSAGES.description;
  if (input.photoCount < 1 || input.photoCount > MAX_RETURN_PHOTOS) errors.photos = RETURN_MESSAGES.photos;
  if (!input.hasVideo) errors.video = RETURN_MESSAGES.video;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, category: input.reason as ReturnReasonCategory };
}
