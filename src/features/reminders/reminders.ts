// The timing of refill and abandoned-cart reminders (decision 0109-refill-and-cart-reminders). Pure: the
// clock is passed in, so tests move it instead of waiting.
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A plan's month, counted as 30 days from the day the pack was delivered. */
export const DAYS_PER_MONTH = 30;
/** The refill reminder goes this many days before the pack runs out. */
export const REFILL_LEAD_DAYS = 7;
/** A pack that ran out longer ago than this is not reminded about (the customer has moved on). */
export const REFILL_LATE_DAYS = 14;
/** The desk's table shows reminders falling due within this many days. */
export const REFILL_DESK_DAYS = 14;

/** A cart untouched this long gets its first reminder … */
export const CART_IDLE_MS = HOUR_MS;
/** … the second this long after the first (and only if still untouched for CART_IDLE_MS) … */
export const CART_SECOND_AFTER_MS = DAY_MS;
/** … and none at all once it has been untouched this long (an old cart is not chased). */
export const CART_GIVE_UP_MS = 7 * DAY_MS;
/** An order placed from a reminded cart within this many days counts as recovered. */
export const RECOVERY_DAYS = 7;

/** How long each signed link acts. */
export const REORDER_LINK_DAYS = 30;
export const CART_LINK_DAYS = 7;
export const STOP_LINK_DAYS = 365;

/** When a pack delivered at `deliveredAt` on a plan of `months` runs out, and when it is reminded about. */
export function refillDates(deliveredAt: Date, months: number) {
  const runsOutAt = new Date(deliveredAt.getTime() + months * DAYS_PER_MONTH * DAY_MS);
  return {
    runsOutAt,
    remindAt: new Date(runsOutAt.getTime() - REFILL_LEAD_DAYS * DAY_MS),
    lateAt: new Date(runsOutAt.getTime() + REFILL_LATE_DAYS * DAY_MS),
  };
}

/** Whole days from `now` until `then` (0 once passed). */
export const daysUntil = (then: Date, now: Date) => Math.max(0, Math.ceil((then.getTime() - now.getTime()) / DAY_MS));

/**
 * Which cart reminder is due now, if any: the first once the cart has been left CART_IDLE_MS, the second
 * CART_SECOND_AFTER_MS after the first while the cart is still left; never a third, never for a cart left
 * longer than CART_GIVE_UP_MS.
 */
export function dueCartStep(
  cart: { updatedAt: Date; firstSentAt: Date | null; secondSent: boolean },
  now: Date,
): 1 | 2 | null {
  const idle = now.getTime() - cart.updatedAt.getTime();
  if (idle < CART_IDLE_MS || idle > CART_GIVE_UP_MS) return null;
  if (!cart.firstSentAt) return 1;
  if (cart.secondSent) return null;
  return now.getTime() - cart.firstSentAt.getTime() >= CART_SECOND_AFTER_MS ? 2 : null;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The stop page's words for what its link stops (the mail's reminders, or the messages' marketing). */
export const STOP_PAGE_WORDS = {
  reminders: {
    title: 'Stop reminders',
    ask: (email: string) => `Stop refill and cart reminders to ${email}?`,
    done: (email: string) =>
      `Reminders are off for ${email}: we will send no more refill or cart reminders. Mail about your orders still comes.`,
    button: 'Stop reminders',
  },
  messages: {
    title: 'Stop SMS and WhatsApp messages',
    ask: (email: string) => `Stop refill reminders and offers by SMS and WhatsApp for ${email}?`,
    done: (email: string) =>
      `SMS and WhatsApp marketing is off for ${email}: we will send no more reminders or offers on them. Messages about your orders still come.`,
    button: 'Stop',
  },
} as const;
