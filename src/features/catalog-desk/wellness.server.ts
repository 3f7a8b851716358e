// The five wellness goals of /shop-by-wellness (spec §3 'Wellness category config'). Their keys are
// URL hashes and stay; staff choose the linked category and write the copy and hero image.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { WELLNESS_CATEGORIES, wellnessFromHash, type WellnessCategory } from '../../lib/wellness';
import { field } from './form-values';

export const WELLNESS_FIELDS = [
  { name: 'name', label: 'Display name', max: 60, required: true },
  { name: 'badge', label: 'Badge', max: 30, required: false },
  { name: 'headline', label: 'Hero headline', max: 120, required: false },
  { name: 'description', label: 'Description', max: 500, required: false },
  { name: 'image', label: 'Hero image address (on this site, e.g. /banners/wellness-energy.svg)', max: 300, required: false },
] as const;

export const WELLNESS_MESSAGES = {
  code: 'Choose a category from the list.',
  image: 'Use an address on this site starting with /, e.g. /banners/wellness-energy.svg or /media/product_images/….',
  text: (label: string, max: number, required: boolean) => `${label}: ${required ? 'required, ' : ''}at most ${max} characters.`,
  missing: 'There is no such wellness goal.',
} as const;

type WellnessField = (typeof WELLNESS_FIELDS)[number]['name'] | 'code';
export type WellnessErrors = Partial<Record<WellnessField, string>>;

/** The goals in order, as the storefront's WellnessCategory. */
export async function listWellnessGoals(): Promise<WellnessCategory[]> {
  const db = await getDb();
  const rows = await db.select().from(t.wellnessGoals).orderBy(asc(t.wellnessGoals.position));
  return rows.map(({ position: _position, ...goal }) => goal);
}

/** The goal a hash or ?goal= names, from the database (energy for anything unknown). */
export async function wellnessGoalFor(key: string | null): Promise<{ goal: WellnessCategory; goals: WellnessCategory[] }> {
  const goals = await listWellnessGoals();
  const wanted = wellnessFromHash(key).key;
  return { goal: goals.find((g) => g.key === wanted) ?? goals[0] ?? WELLNESS_CATEGORIES[0], goals };
}

export async function updateWellnessGoal(key: string, form: FormData): Promise<{ ok: true } | { ok: false; status: 404 | 422; errors: WellnessErrors }> {
  const errors: WellnessErrors = {};
  const values: Record<string, string> = {};
  for (const spec of WELLNESS_FIELDS) {
    const value = field(form, spec.name);
    if ((spec.required && !value) || value.length > spec.max) errors[spec.name] = WELLNESS_MESSAGES.text(spec.label, spec.max, spec.required);
    values[spec.name] = value;
  }
  if (values.image && !/^\/(?!\/)[\w./-]+$/.test(values.image)) errors.image = WELLNESS_MESSAGES.image;
  const code = field(form, 'code');
  const db = await getDb();
  const [category] = await db.select({ name: t.categories.name }).from(t.categories).where(eq(t.categories.name, code));
  if (!category) errors.code = WELLNESS_MESSAGES.code;
  if (Object.keys(errors).length) return { ok: false, status: 422, errors };
  const rows = await db.update(t.wellnessGoals).set({
    code, name: values.name, badge: values.badge, headline: values.headline, description: values.description, image: values.image,
  }).where(eq(t.wellnessGoals.key, key as WellnessCategory['key'])).returning({ key: t.wellnessGoals.key });
  return rows.length ? { ok: true } : { ok: false, status: 404, errors: { name: WELLNESS_MESSAGES.missing } };
}
