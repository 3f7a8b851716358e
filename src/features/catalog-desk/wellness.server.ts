// The five wellness goals (spec §3 'Wellness category config'), as every storefront place shows them:
// /shop-by-wellness, the header and mobile menus, the footer, the home page's cards and the product
// page's goal chip. Their keys are URL hashes and stay; staff choose the linked category, write the
// copy and hero image, and may hide a goal (never the last one shown).
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { WELLNESS_CATEGORIES, wellnessFromHash, type WellnessCategory } from '../../lib/wellness';
import { refusal, type Refusal } from '../../lib/errors';
import { CHECK_FIELDS, field } from './form-values';

export const WELLNESS_FIELDS = [
  { name: 'name', label: 'Display name', max: 60, required: true },
  { name: 'badge', label: 'Badge', max: 30, required: false },
  { name: 'headline', label: 'Hero headline', max: 120, required: false },
  { name: 'description', label: 'Description', max: 500, required: false },
  {
    name: 'image',
    label: 'Hero image address (on this site, e.g. /banners/wellness-energy.svg)',
    max: 300,
    required: false,
  },
] as const;

export const WELLNESS_MESSAGES = {
  code: 'Choose a category from the list.',
  image: 'Use an address on this site starting with /, e.g. /banners/wellness-energy.svg or /media/product_images/….',
  text: (label: string, max: number, required: boolean) =>
    `${label}: ${required ? 'required, ' : ''}at most ${max} characters.`,
  missing: 'There is no such wellness goal.',
  lastShown: 'At least one wellness goal must stay shown in the shop.',
} as const;

type WellnessField = (typeof WELLNESS_FIELDS)[number]['name'] | 'code' | 'hidden';
export type WellnessErrors = Partial<Record<WellnessField, string>>;
export type DeskWellnessGoal = WellnessCategory & { hidden: boolean };

/** Every goal in order, hidden ones too (the desk). */
export async function listDeskWellnessGoals(): Promise<DeskWellnessGoal[]> {
  const db = await getDb();
  const rows = await db.select().from(t.wellnessGoals).orderBy(asc(t.wellnessGoals.position));
  return rows.map(({ position: _position, ...goal }) => goal);
}

/** The goals the shop shows, in order, as the storefront's WellnessCategory. */
export async function listWellnessGoals(): Promise<WellnessCategory[]> {
  return (await listDeskWellnessGoals()).filter((g) => !g.hidden).map(({ hidden: _hidden, ...goal }) => goal);
}

/** The goal a hash or ?goal= names, from the database (the first shown goal for anything unknown or hidden). */
export async function wellnessGoalFor(
  key: string | null,
): Promise<{ goal: WellnessCategory; goals: WellnessCategory[] }> {
  const goals = await listWellnessGoals();
  const wanted = wellnessFromHash(key).key;
  return { goal: goals.find((g) => g.key === wanted) ?? goals[0] ?? WELLNESS_CATEGORIES[0], goals };
}

export async function updateWellnessGoal(
  key: string,
  form: FormData,
): Promise<{ ok: true } | Refusal<'not_found' | 'unprocessable'>> {
  const errors: WellnessErrors = {};
  const values: Record<string, string> = {};
  for (const spec of WELLNESS_FIELDS) {
    const value = field(form, spec.name);
    if ((spec.required && !value) || value.length > spec.max)
      errors[spec.name] = WELLNESS_MESSAGES.text(spec.label, spec.max, spec.required);
    values[spec.name] = value;
  }
  if (values.image && !/^\/(?!\/)[\w./-]+$/.test(values.image)) errors.image = WELLNESS_MESSAGES.image;
  const code = field(form, 'code');
  const hidden = field(form, 'hidden') === 'on';
  const db = await getDb();
  const [category] = await db.select({ name: t.categories.name }).from(t.categories).where(eq(t.categories.name, code));
  if (!category) errors.code = WELLNESS_MESSAGES.code;
  if (Object.keys(errors).length) return refusal('unprocessable', CHECK_FIELDS, errors);
  const goalKey = key as WellnessCategory['key'];
  return db.transaction(async (tx) => {
    // Lock every goal, so two owners hiding the last two shown goals at once cannot both succeed.
    const goals = await tx
      .select({ key: t.wellnessGoals.key, hidden: t.wellnessGoals.hidden })
      .from(t.wellnessGoals)
      .for('update');
    if (!goals.some((g) => g.key === goalKey))
      return refusal('not_found', CHECK_FIELDS, { name: WELLNESS_MESSAGES.missing });
    if (hidden && !goals.some((g) => g.key !== goalKey && !g.hidden))
      return refusal('unprocessable', CHECK_FIELDS, { hidden: WELLNESS_MESSAGES.lastShown });
    await tx
      .update(t.wellnessGoals)
      .set({
        code,
        name: values.name,
        badge: values.badge,
        headline: values.headline,
        description: values.description,
        image: values.image,
        hidden,
      })
      .where(eq(t.wellnessGoals.key, goalKey));
    return { ok: true } as const;
  });
}
