// The couriers the desk ships with (/admin/couriers; owners and admins change the list, every member
// ships with it): each courier's name and the address of its public tracking page, {number} where the
// tracking number goes (the rule: src/lib/couriers.ts). Shipping an order names a courier of the list;
// the order page, /track and the shipped mail and WhatsApp message link to the parcel through it.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Db, getDb, type Tx } from '../../db/client';
import { couriers } from '../../db/schema';
import { COURIER_MESSAGES, courierKey, trackingPageUrl, trackingTemplateProblem } from '../../lib/couriers';
import { byIntent, type FormOutcome, type PostedForm, refuse } from '../../server/http/form.server';

type Executor = Db | Tx;
export type CourierRow = typeof couriers.$inferSelect;

const byKey = (name: string) => sql`lower(${couriers.name}) = ${courierKey(name)}`;

/** Every courier (the active first, then by name), for the desk. */
export const listCouriers = (db: Executor) =>
  db.select().from(couriers).orderBy(sql`${couriers.active} desc`, asc(couriers.name));

/** The couriers the ship form offers. */
export const activeCouriers = (db: Executor) =>
  db.select().from(couriers).where(eq(couriers.active, true)).orderBy(asc(couriers.name));

/** The list's own spelling of an active courier named any way ('delhivery '), or null when it is not on the list. */
export async function activeCourierName(db: Executor, name: string): Promise<string | null> {
  if (!name.trim()) return null;
  const [row] = await db
    .select({ name: couriers.name })
    .from(couriers)
    .where(and(byKey(name), eq(couriers.active, true)));
  return row?.name ?? null;
}

/**
 * Makes links to parcels: (courier, tracking number) → the courier's tracking page for the number, or
 * null (a courier not on the list, no number). Retired couriers still link the orders they carried.
 */
export async function parcelLinker(
  db: Executor,
): Promise<(courier: string | null | undefined, trackingNumber: string | null | undefined) => string | null> {
  const rows = await db.select({ name: couriers.name, template: couriers.trackingUrlTemplate }).from(couriers);
  const templates = new Map(rows.map((r) => [courierKey(r.name), r.template]));
  return (courier, trackingNumber) =>
    courier ? trackingPageUrl(templates.get(courierKey(courier)), trackingNumber) : null;
}

/** One parcel's link. */
export const parcelLink = async (
  db: Executor,
  courier: string | null | undefined,
  trackingNumber: string | null | undefined,
) => (await parcelLinker(db))(courier, trackingNumber);

type CourierInput = { name: string; template: string };
type Saved =
  | { ok: true; courier: CourierRow }
  | { ok: false; errors: Partial<CourierInput>; message: string; code: 'unprocessable' | 'conflict' | 'not_found' };

function inputProblems({ name, template }: CourierInput): Partial<CourierInput> {
  const errors: Partial<CourierInput> = {};
  const cleanName = name.trim().replace(/\s+/g, ' ');
  const hasControl = [...cleanName].some((c) => c.charCodeAt(0) < 32);
  if (cleanName.length < 1 || cleanName.length > 80 || hasControl) errors.name = COURIER_MESSAGES.name;
  const problem = trackingTemplateProblem(template);
  if (problem) errors.template = problem;
  return errors;
}

const refused = (errors: Partial<CourierInput>, code: 'unprocessable' | 'conflict' = 'unprocessable'): Saved => ({
  ok: false,
  errors,
  message: Object.values(errors)[0] ?? COURIER_MESSAGES.template,
  code,
});

/** Adds a courier to the list (a name already there, in any case, is refused). */
export async function addCourier(db: Executor, input: CourierInput): Promise<Saved> {
  const errors = inputProblems(input);
  if (Object.keys(errors).length) return refused(errors);
  const name = input.name.trim().replace(/\s+/g, ' ');
  const [row] = await db
    .insert(couriers)
    .values({ name, trackingUrlTemplate: input.template.trim() })
    .onConflictDoNothing()
    .returning();
  return row ? { ok: true, courier: row } : refused({ name: COURIER_MESSAGES.taken }, 'conflict');
}

/** Changes a courier's name or tracking page (orders it carried link through the new page at once). */
export async function updateCourier(db: Executor, id: number, input: CourierInput): Promise<Saved> {
  const errors = inputProblems(input);
  if (Object.keys(errors).length) return refused(errors);
  const name = input.name.trim().replace(/\s+/g, ' ');
  const [clash] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(byKey(name), ne(couriers.id, id)));
  if (clash) return refused({ name: COURIER_MESSAGES.taken }, 'conflict');
  const [row] = await db
    .update(couriers)
    .set({ name, trackingUrlTemplate: input.template.trim(), updatedAt: new Date() })
    .where(eq(couriers.id, id))
    .returning();
  return row
    ? { ok: true, courier: row }
    : { ok: false, errors: {}, message: 'There is no such courier.', code: 'not_found' };
}

export async function setCourierActive(db: Executor, id: number, active: boolean) {
  const [row] = await db.update(couriers).set({ active, updatedAt: new Date() }).where(eq(couriers.id, id)).returning();
  return row ?? null;
}

/** The /admin/couriers forms: add, change, retire, use again. */
export async function couriersDeskRequest(form: PostedForm): Promise<FormOutcome> {
  const db = await getDb();
  const input = () => ({ name: form.text('name'), template: form.text('template') });
  const answer = (saved: Saved, target: string, notice: (c: CourierRow) => string): FormOutcome =>
    saved.ok
      ? { ok: true, notice: notice(saved.courier) }
      : refuse(saved.code, saved.message, { errors: saved.errors, form, target });
  return byIntent(form, {
    add: async () => answer(await addCourier(db, input()), 'add', (c) => `${c.name} is on the courier list.`),
    update: async () => {
      const id = form.id('id');
      if (!id) return refuse('invalid', 'There is no such courier.');
      return answer(await updateCourier(db, id, input()), `courier-${id}`, (c) => `${c.name} saved.`);
    },
    retire: async () => {
      const row = await setCourierActive(db, form.id('id'), false);
      return row
        ? { ok: true, notice: `${row.name} is no longer offered when shipping.` }
        : refuse('not_found', 'There is no such courier.');
    },
    restore: async () => {
      const row = await setCourierActive(db, form.id('id'), true);
      return row
        ? { ok: true, notice: `${row.name} is offered again when shipping.` }
        : refuse('not_found', 'There is no such courier.');
    },
  });
}
