// Discount codes in the back office: staff list them with their uses; owners and admins create them
// and switch them on or off. The cart's quote (features/pricing) applies them, limits included.
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';
import { byIntent, refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';

export const DISCOUNT_MESSAGES = {
  code: 'Use 2 to 32 letters, digits, - or _ for the code.',
  kind: 'Choose a percentage or a fixed amount.',
  percent: 'A percentage must be a whole number from 1 to 100.',
  fixed: 'An amount must be a whole number of rupees from 1 to 1,00,000.',
  minSubtotal: 'The minimum order must be a whole number of rupees (0 for none).',
  date: 'Please enter dates as YYYY-MM-DD.',
  dateOrder: 'The last day must not be before the first day.',
  limit: 'Limits must be whole numbers of 1 or more (leave empty for no limit).',
  duplicate: (code: string) => `A code named ${code.toUpperCase()} already exists.`,
} as const;

const IST_OFFSET = '+05:30';
const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, DISCOUNT_MESSAGES.date)
  .refine((v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00${IST_OFFSET}`)), DISCOUNT_MESSAGES.date);
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
const optionalLimit = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_MESSAGES.limit });
      return z.NEVER;
    }
    return Number(v);
  });

export const discountCodeForm = z
  .object({
    code: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{2,32}$/, DISCOUNT_MESSAGES.code),
    kind: z.enum(['percent', 'fixed'], { error: DISCOUNT_MESSAGES.kind }),
    value: z.string().trim(),
    minSubtotal: z
      .string()
      .trim()
      .transform((v) => v || '0')
      .pipe(wholeNumber(DISCOUNT_MESSAGES.minSubtotal, 0, 10_000_000)),
    firstDay: optionalDate,
    lastDay: optionalDate,
    maxUses: optionalLimit,
    maxUsesPerCustomer: optionalLimit,
  })
  .transform((form, ctx) => {
    const value =
      form.kind === 'percent'
        ? wholeNumber(DISCOUNT_MESSAGES.percent, 1, 100).safeParse(form.value)
        : wholeNumber(DISCOUNT_MESSAGES.fixed, 1, 100_000).safeParse(form.value);
    if (!value.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: form.kind === 'percent' ? DISCOUNT_MESSAGES.percent : DISCOUNT_MESSAGES.fixed,
      });
      return z.NEVER;
    }
    if (form.firstDay && form.lastDay && form.lastDay < form.firstDay) {
      ctx.addIssue({ code: 'custom', path: ['lastDay'], message: DISCOUNT_MESSAGES.dateOrder });
      return z.NEVER;
    }
    // Days are Indian days: valid from the first day's midnight IST until the end of the last day.
    const startsAt = form.firstDay ? new Date(`${form.firstDay}T00:00:00${IST_OFFSET}`) : null;
    const endsAt = form.lastDay
      ? new Date(new Date(`${form.lastDay}T00:00:00${IST_OFFSET}`).getTime() + 86_400_000)
      : null;
    return {
      code: form.code,
      kind: form.kind,
      value: value.data,
      minSubtotal: form.minSubtotal,
      startsAt,
      endsAt,
      maxUses: form.maxUses,
      maxUsesPerCustomer: form.maxUsesPerCustomer,
    };
  });

export type DiscountCodeFields =
  | 'code'
  | 'kind'
  | 'value'
  | 'minSubtotal'
  | 'firstDay'
  | 'lastDay'
  | 'maxUses'
  | 'maxUsesPerCustomer';

export async function createDiscountCode(
  createdBy: string,
  form: Record<string, string>,
): Promise<{ ok: true; code: string } | { ok: false; errors: Partial<Record<DiscountCodeFields, string>> }> {
  const parsed = discountCodeForm.safeParse({
    code: form.code ?? '',
    kind: form.kind,
    value: form.value ?? '',
    minSubtotal: form.minSubtotal ?? '',
    firstDay: form.firstDay ?? '',
    lastDay: form.lastDay ?? '',
    maxUses: form.maxUses ?? '',
    maxUsesPerCustomer: form.maxUsesPerCustomer ?? '',
  });
  if (!parsed.success) {
    const errors: Partial<Record<DiscountCodeFields, string>> = {};
    for (const issue of parsed.error.issues) errors[(issue.path[0] as DiscountCodeFields) ?? 'code'] ??= issue.message;
    return { ok: false, errors };
  }
  const db = await getDb();
  const [made] = await db
    .insert(discountCodes)
    .values({ ...parsed.data, createdBy })
    .onConflictDoNothing()
    .returning({ code: discountCodes.code });
  if (!made) return { ok: false, errors: { code: DISCOUNT_MESSAGES.duplicate(parsed.data.code) } };
  return { ok: true, code: made.code };
}

export async function setDiscountCodeActive(code: string, active: boolean): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(discountCodes)
    .set({ active })
    .where(eq(discountCodes.code, code.trim().toLowerCase()))
    .returning({ code: discountCodes.code });
  return rows.length === 1;
}

/** Every code with how often it has been used (orders not cancelled whose offer it was). */
export async function listDiscountCodes() {
  const db = await getDb();
  return db
    .select({
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
      minSubtotal: discountCodes.minSubtotal,
      startsAt: discountCodes.startsAt,
      endsAt: discountCodes.endsAt,
      active: discountCodes.active,
      maxUses: discountCodes.maxUses,
      maxUsesPerCustomer: discountCodes.maxUsesPerCustomer,
      uses: sql<number>`(select count(*)::int from ${orders} o where o.discount_code = ${discountCodes.code} and o.status <> 'cancelled')`.mapWith(
        Number,
      ),
    })
    .from(discountCodes)
    .orderBy(asc(discountCodes.code));
}

/** The discounts desk's forms: create a code, switch one on or off. */
export async function discountDeskRequest(createdBy: string, form: PostedForm): Promise<FormOutcome> {
  const code = form.raw('code') ?? '';
  const switchTo = async (active: boolean): Promise<FormOutcome> =>
    (await setDiscountCodeActive(code, active))
      ? { ok: true, notice: `Code ${code.toUpperCase()} ${active ? 'switched on' : 'switched off'}.` }
      : refuse('not_found', 'There is no such code.');
  return byIntent<FormOutcome>(form, {
    create: async () => {
      const result = await createDiscountCode(createdBy, form.values());
      return result.ok
        ? { ok: true, notice: `Code ${result.code.toUpperCase()} created.` }
        : refuse('unprocessable', 'Please check the details marked below.', { errors: result.errors, form });
    },
    activate: () => switchTo(true),
    deactivate: () => switchTo(false),
  });
}
