// The payments desk's settings: the online-payment offer the quote applies, the largest order cash on
// delivery takes, and the PIN codes closed to cash on delivery (decision 0083). One row, read by every
// quote (it is one primary-key lookup) so every process agrees at once after a change.
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, getDb, type Tx } from '../../db/client';
import { codBlockedPins, paymentSettings } from '../../db/schema';
import { formatRupees } from '../../lib/money';
import { type PaymentMethod, type PrepaidOffer, prepaidDiscountFor } from '../../lib/payments';
import { byIntent, type FormOutcome, type PostedForm, refuse } from '../../server/http/form.server';
import { onlinePaymentAvailable } from './availability.server';

type Executor = Db | Tx;

export interface PaymentSettings {
  prepaid: PrepaidOffer;
  /** Cash on delivery for orders up to this total (rupees); null: any total. */
  codMaxTotal: number | null;
}

export async function loadPaymentSettings(db: Executor): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, true));
  return {
    prepaid: row
      ? { kind: row.prepaidOffer, value: row.prepaidValue, cap: row.prepaidCap }
      : { kind: 'none', value: 0, cap: null },
    codMaxTotal: row?.codMaxTotal ?? null,
  };
}

/** The offer a quote applies: the desk's, while the store takes payments online at all. */
export async function prepaidOfferNow(db: Executor): Promise<PrepaidOffer | null> {
  if (!onlinePaymentAvailable()) return null;
  const { prepaid } = await loadPaymentSettings(db);
  return prepaid.kind === 'none' ? null : prepaid;
}

/**
 * What "pay now instead" offers a cash-on-delivery order not yet confirmed: its online total and saving
 * (the order page's form, the order mail and the confirmation SMS), or null when there is none.
 */
export async function payInsteadOffer(
  db: Executor,
  order: { paymentMethod: string; status: string; subtotal: number; discount: number; total: number },
): Promise<{ total: number; saving: number } | null> {
  if (!onlinePaymentAvailable() || order.paymentMethod !== 'cod' || order.status !== 'pending') return null;
  const saving = prepaidDiscountFor(await prepaidOfferNow(db), order.subtotal - order.discount);
  return { total: order.total - saving, saving };
}

export const COD_MESSAGES = {
  overLimit: (max: number) =>
    `Cash on delivery is available for orders up to ${formatRupees(max)}. Please pay online: UPI, cards, netbanking or wallets.`,
  pinClosed: (pin: string) => `Cash on delivery is not available for PIN code ${pin}. Please pay online.`,
} as const;

/** Why this order cannot be paid in cash on delivery (its total, its PIN), or null when it can. */
export async function codRefusal(db: Executor, total: number, pin: string): Promise<string | null> {
  const { codMaxTotal } = await loadPaymentSettings(db);
  if (codMaxTotal != null && total > codMaxTotal) return COD_MESSAGES.overLimit(codMaxTotal);
  const [closed] = await db.select().from(codBlockedPins).where(eq(codBlockedPins.pin, pin.trim()));
  return closed ? COD_MESSAGES.pinClosed(closed.pin) : null;
}

/** Whether cash on delivery is refused for this method and order (online: never). */
export const codRefusalFor = (db: Executor, method: PaymentMethod, total: number, pin: string) =>
  method === 'cod' ? codRefusal(db, total, pin) : Promise.resolve(null);

export const listBlockedPins = (db: Executor) => db.select().from(codBlockedPins).orderBy(asc(codBlockedPins.pin));

export async function saveSettings(db: Executor, settings: PaymentSettings) {
  await db
    .insert(paymentSettings)
    .values({
      id: true,
      prepaidOffer: settings.prepaid.kind,
      prepaidValue: settings.prepaid.value,
      prepaidCap: settings.prepaid.cap,
      codMaxTotal: settings.codMaxTotal,
    })
    .onConflictDoUpdate({
      target: paymentSettings.id,
      set: {
        prepaidOffer: settings.prepaid.kind,
        prepaidValue: settings.prepaid.value,
        prepaidCap: settings.prepaid.cap,
        codMaxTotal: settings.codMaxTotal,
        updatedAt: sql`now()`,
      },
    });
}

export async function blockPin(db: Executor, pin: string, note: string) {
  await db
    .insert(codBlockedPins)
    .values({ pin, note })
    .onConflictDoUpdate({ target: codBlockedPins.pin, set: { note } });
}

export async function unblockPin(db: Executor, pin: string) {
  await db.delete(codBlockedPins).where(eq(codBlockedPins.pin, pin));
}

const wholeRupees = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.coerce.number().int().min(1).max(max).nullable(),
  );
const settingsForm = z
  .object({
    prepaidOffer: z.enum(['none', 'percent', 'flat'], { error: 'Choose the kind of offer.' }),
    prepaidValue: z.coerce
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(0, 'Enter 0 or more.')
      .max(100_000),
    prepaidCap: wholeRupees(100_000),
    codMaxTotal: wholeRupees(10_000_000),
  })
  .refine((f) => f.prepaidOffer !== 'percent' || (f.prepaidValue >= 1 && f.prepaidValue <= 50), {
    path: ['prepaidValue'],
    message: 'A percentage offer is 1 to 50 % off.',
  })
  .refine((f) => f.prepaidOffer !== 'flat' || f.prepaidValue >= 1, {
    path: ['prepaidValue'],
    message: 'A flat offer takes at least ₹1 off.',
  });

const PIN_PATTERN = /^[1-9][0-9]{5}$/;

/** The payments desk's forms: the settings, and closing or opening a PIN code to cash on delivery. */
export async function paymentsDeskRequest(form: PostedForm): Promise<FormOutcome> {
  const db = await getDb();
  return byIntent<FormOutcome>(form, {
    settings: async () => {
      const parsed = settingsForm.safeParse(form.values());
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
        return refuse('unprocessable', 'Please check the details marked below.', { errors, form });
      }
      const f = parsed.data;
      await saveSettings(db, {
        prepaid: { kind: f.prepaidOffer, value: f.prepaidOffer === 'none' ? 0 : f.prepaidValue, cap: f.prepaidCap },
        codMaxTotal: f.codMaxTotal,
      });
      return { ok: true, notice: 'Payment settings saved. Every new quote uses them now.' };
    },
    block_pin: async () => {
      const pin = form.text('pin');
      if (!PIN_PATTERN.test(pin))
        return refuse('unprocessable', 'Enter a 6-digit PIN code.', {
          errors: { pin: 'Enter a 6-digit PIN code.' },
          form,
        });
      await blockPin(db, pin, form.text('note').slice(0, 200));
      return { ok: true, notice: `Cash on delivery is now closed for PIN code ${pin}.` };
    },
    unblock_pin: async () => {
      const pin = form.text('pin');
      if (!PIN_PATTERN.test(pin)) return refuse('invalid', 'Enter a 6-digit PIN code.');
      await unblockPin(db, pin);
      return { ok: true, notice: `Cash on delivery is open again for PIN code ${pin}.` };
    },
  });
}
