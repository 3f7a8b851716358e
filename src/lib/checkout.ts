// The checkout form's rules (contact and Indian shipping address), pure so the server and the
// checkout island share them. Prices are not here: the one quote is features/pricing/quote.ts.
import { z } from 'zod';
import {
  INDIAN_MOBILE_MESSAGE,
  INDIAN_STATES_AND_UTS,
  indianStateOrUt,
  isValidPinCode,
  normaliseIndianMobile,
} from './india';

// This module runs in the browser (checkout island) under a CSP without 'unsafe-eval': skip zod's
// `new Function` probe, which the browser reports as a policy violation even though zod catches it.
z.config({ jitless: true });

export const CHECKOUT_MESSAGES = {
  email: 'Please enter a valid email address.',
  phone: INDIAN_MOBILE_MESSAGE,
  name: 'Please enter the name of the person receiving the order.',
  line1: 'Please enter the house, street or area.',
  city: 'Please enter the city or town.',
  state: 'Please choose a state or union territory.',
  pin: 'Please enter a 6-digit PIN code.',
  emptyCart: 'Your cart is empty.',
  failed: 'We could not place your order. Please try again.',
} as const;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const shippingAddressSchema = z.object({
  name: requiredText(120, CHECKOUT_MESSAGES.name),
  line1: requiredText(200, CHECKOUT_MESSAGES.line1),
  line2: z.string().trim().max(200).optional().default(''),
  city: requiredText(100, CHECKOUT_MESSAGES.city),
  // Kept under the store's name however it was written ('Orissa' is Odisha), so invoices and the PIN rule agree.
  state: z.preprocess(
    (value) => (typeof value === 'string' ? (indianStateOrUt(value) ?? value) : value),
    z.enum(INDIAN_STATES_AND_UTS, { error: CHECKOUT_MESSAGES.state }),
  ),
  pin: z.string({ error: CHECKOUT_MESSAGES.pin }).trim().refine(isValidPinCode, CHECKOUT_MESSAGES.pin),
});

/** An Indian mobile number, stored as its 10 digits: the one rule wherever the store asks for one. */
export const indianMobileField = z.string({ error: INDIAN_MOBILE_MESSAGE }).transform((raw, ctx) => {
  const mobile = normaliseIndianMobile(raw);
  if (!mobile) ctx.addIssue({ code: 'custom', message: INDIAN_MOBILE_MESSAGE });
  return mobile ?? '';
});

export const checkoutContactSchema = z.object({
  email: z
    .string({ error: CHECKOUT_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, CHECKOUT_MESSAGES.email)
    .pipe(z.email(CHECKOUT_MESSAGES.email)),
  phone: indianMobileField,
  address: shippingAddressSchema,
});

export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type CheckoutContact = z.output<typeof checkoutContactSchema>;

/** One line for labels and mails: 'Asha Rao, 12 Ganga Road, Haridwar, Uttarakhand 249401'. */
export const formatAddress = (a: Record<keyof ShippingAddress, string>) =>
  [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.pin}`].filter(Boolean).join(', ');
/** Field name (email, phone, name, line1, …) → its message. */
export type CheckoutErrors = Partial<
  Record<'email' | 'phone' | keyof ShippingAddress | 'gstin' | 'code' | 'cart' | 'form', string>
>;

export function validateContact(
  raw: unknown,
): { ok: true; data: CheckoutContact } | { ok: false; errors: CheckoutErrors } {
  const parsed = checkoutContactSchema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldMessages(parsed.error) };
}

/** The first message for each field (the last part of an issue's path) of a failed parse. */
export function fieldMessages(error: z.ZodError): CheckoutErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[issue.path.length - 1] ?? 'form')] ??= issue.message;
  return errors as CheckoutErrors;
}
