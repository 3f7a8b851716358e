// Categories in the back office: create, rename, put in order. A category's code (ENERGY_VITALITY) is
// what links and wellness goals point at, so it is fixed once made; its display name can change, and
// products.category (the names joined, spec §3) follows in the same transaction.
import { asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { refusal, type Refusal } from '../../lib/errors';
import { CHECK_FIELDS, field, isUniqueViolation } from './form-values';
import { moveItem, type Direction } from './ordering';
import { refreshCategoryText } from './products.server';

export const CATEGORY_MESSAGES = {
  code: 'Use 2 to 40 capital letters, digits or _ for the code, starting with a letter, e.g. SLEEP_REST.',
  value: 'Please enter the display name (up to 60 characters).',
  duplicateCode: (code: string) => `A category with the code ${code} already exists.`,
  duplicateValue: (value: string) => `Another category is already called “${value}”.`,
  missing: 'There is no such category.',
} as const;

export type CategoryErrors = Partial<Record<'code' | 'value', string>>;
type CategoryResult = { ok: true } | Refusal<'not_found' | 'conflict' | 'unprocessable'>;

export async function listDeskCategories() {
  const db = await getDb();
  return db
    .select({
      name: t.categories.name,
      value: t.categories.value,
      position: t.categories.position,
      products:
        sql<number>`(select count(*)::int from ${t.productCategories} pc where pc.category_name = ${t.categories.name})`.mapWith(
          Number,
        ),
    })
    .from(t.categories)
    .orderBy(asc(t.categories.position), asc(t.categories.name));
}

const readValue = (form: FormData) => {
  const value = field(form, 'value');
  return value && value.length <= 60 ? value : null;
};

export async function createCategory(form: FormData): Promise<CategoryResult> {
  const code = field(form, 'code').toUpperCase();
  const value = readValue(form);
  const errors: CategoryErrors = {};
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(code)) errors.code = CATEGORY_MESSAGES.code;
  if (!value) errors.value = CATEGORY_MESSAGES.value;
  if (Object.keys(errors).length) return refusal('unprocessable', CHECK_FIELDS, errors);
  const db = await getDb();
  try {
    const made = await db
      .insert(t.categories)
      .values({
        name: code,
        value: value!,
        position: sql`(select coalesce(max(position) + 1, 0) from categories)`,
      })
      .onConflictDoNothing({ target: t.categories.name })
      .returning({ name: t.categories.name });
    return made.length
      ? { ok: true }
      : refusal('conflict', CHECK_FIELDS, { code: CATEGORY_MESSAGES.duplicateCode(code) });
  } catch (error) {
    if (isUniqueViolation(error))
      return refusal('conflict', CHECK_FIELDS, { value: CATEGORY_MESSAGES.duplicateValue(value!) });
    throw error;
  }
}

export async function renameCategory(code: string, form: FormData): Promise<CategoryResult> {
  const value = readValue(form);
  if (!value) return refusal('unprocessable', CHECK_FIELDS, { value: CATEGORY_MESSAGES.value });
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .update(t.categories)
        .set({ value })
        .where(eq(t.categories.name, code))
        .returning({ name: t.categories.name });
      if (!rows.length) return refusal('not_found', CHECK_FIELDS, { value: CATEGORY_MESSAGES.missing });
      await refreshCategoryText(tx);
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return refusal('conflict', CHECK_FIELDS, { value: CATEGORY_MESSAGES.duplicateValue(value) });
    throw error;
  }
}

export async function moveCategory(code: string, direction: Direction): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ name: t.categories.name })
      .from(t.categories)
      .orderBy(asc(t.categories.position), asc(t.categories.name))
      .for('update');
    if (!rows.some((r) => r.name === code)) return false;
    for (const [position, name] of moveItem(
      rows.map((r) => r.name),
      code,
      direction,
    ).entries()) {
      await tx.update(t.categories).set({ position }).where(eq(t.categories.name, name));
    }
    await refreshCategoryText(tx);
    return true;
  });
}
