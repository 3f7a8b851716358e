// The address book of a signed-in customer: list, add, edit, delete, make default (the account page's
// forms), the address checkout offers first, and the address an order went to, saved when it is new.
// Every query names the customer: another customer's address is "not found", never shown or changed.
// Changes to one book are serialised by a lock on the customer (the count limit, the one default).
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../../db/client';
import { customerAddresses } from '../../db/schema';
import { fieldMessages } from '../../lib/checkout';
import { fillBlanksFromPin, pinRefusal } from '../delivery/delivery.server';
import { byIntent, PostedForm, refuse, type FormOutcome } from '../../server/http/form.server';
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  MAX_ADDRESSES,
  savedAddressSchema,
  type AddressValues,
  type SavedAddress,
  type SavedAddressInput,
} from './address.schema';

const columns = {
  id: customerAddresses.id,
  name: customerAddresses.name,
  phone: customerAddresses.phone,
  line1: customerAddresses.line1,
  line2: customerAddresses.line2,
  city: customerAddresses.city,
  state: customerAddresses.state,
  pin: customerAddresses.pin,
  isDefault: customerAddresses.isDefault,
};

const mine = (userId: string, id: number) => and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id));

/** The customer's addresses: the default first, then the most recently used, then the newest. */
export async function addressBook(userId: string): Promise<SavedAddress[]> {
  const db = await getDb();
  return db
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(
      desc(customerAddresses.isDefault),
      sql`${customerAddresses.lastUsedAt} desc nulls last`,
      desc(customerAddresses.createdAt),
      desc(customerAddresses.id),
    );
}

/** One of the customer's addresses, or null (none with that id, or someone else's). */
export async function addressOf(userId: string, id: number): Promise<SavedAddress | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select(columns).from(customerAddresses).where(mine(userId, id));
  return row ?? null;
}

/** The address checkout fills in: the default, else the last one used (the book's first), else none. */
export const preferredAddress = (book: readonly SavedAddress[]): SavedAddress | null => book[0] ?? null;

/** One customer's book at a time (the count limit and the one default hold under concurrent forms). */
const lockBook = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`address-book:${userId}`}))`);

/** The customer's address at this same place (letter case aside), if there is one. */
async function samePlace(tx: Tx, userId: string, a: SavedAddressInput, exceptId = 0) {
  const [row] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.userId, userId),
        ne(customerAddresses.id, exceptId),
        sql`lower(${customerAddresses.name}) = lower(${a.name})`,
        sql`lower(${customerAddresses.line1}) = lower(${a.line1})`,
        sql`lower(${customerAddresses.line2}) = lower(${a.line2})`,
        sql`lower(${customerAddresses.city}) = lower(${a.city})`,
        eq(customerAddresses.state, a.state),
        eq(customerAddresses.pin, a.pin),
      ),
    );
  return row ?? null;
}

async function hasDefault(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
  return !!row;
}

async function countOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId));
  return row?.n ?? 0;
}

async function setDefault(tx: Tx, userId: string, id: number) {
  // Off first, then on: the partial unique index allows one default per customer at any moment.
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true), ne(customerAddresses.id, id)),
    );
  await tx.update(customerAddresses).set({ isDefault: true, updatedAt: new Date() }).where(mine(userId, id));
}

/** The fields of a posted address form, each as sent (missing ones empty), capped in length. */
export function addressValuesOf(form: PostedForm): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, form.text(field).slice(0, 500)])) as AddressValues;
}

type Checked =
  | { ok: true; address: SavedAddressInput; filledFromPin: boolean }
  | { ok: false; errors: Record<string, string>; values: AddressValues };

/**
 * The checkout's rules for an address, with its mobile number; a blank city or state is first filled
 * from the PIN code (a form sent without JavaScript), and the PIN must lie in the state.
 */
export function checkAddress(sent: AddressValues): Checked {
  const { address: values, filled } = fillBlanksFromPin(sent);
  const parsed = savedAddressSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldMessages(parsed.error), values };
  const pinProblem = pinRefusal(parsed.data, 'online');
  if (pinProblem) return { ok: false, errors: { pin: pinProblem }, values };
  return { ok: true, address: parsed.data, filledFromPin: filled.length > 0 };
}

/** Adds an address (id 0) or changes one of the customer's own. */
export async function saveAddress(
  userId: string,
  id: number,
  sent: AddressValues,
  { makeDefault = false } = {},
): Promise<FormOutcome & { addressId?: number }> {
  const checked = checkAddress(sent);
  if (!checked.ok) {
    return refuse('unprocessable', ADDRESS_MESSAGES.check, {
      errors: checked.errors,
      target: 'address',
      form: formOf(checked.values, id),
    });
  }
  const { address } = checked;
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    if (id) {
      const [own] = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(mine(userId, id));
      if (!own) return refuse('not_found', ADDRESS_MESSAGES.notFound);
    } else if ((await countOf(tx, userId)) >= MAX_ADDRESSES) {
      return refuse('conflict', ADDRESS_MESSAGES.full, { target: 'address', form: formOf(sent, id) });
    }
    if (await samePlace(tx, userId, address, id)) {
      return refuse('conflict', ADDRESS_MESSAGES.duplicate, { target: 'address', form: formOf(sent, id) });
    }
    let savedId = id;
    if (id) {
      await tx
        .update(customerAddresses)
        .set({ ...address, updatedAt: new Date() })
        .where(mine(userId, id));
    } else {
      const first = !(await hasDefault(tx, userId));
      const [row] = await tx
        .insert(customerAddresses)
        .values({ ...address, userId, isDefault: first })
        .returning({ id: customerAddresses.id });
      savedId = row.id;
    }
    if (makeDefault) await setDefault(tx, userId, savedId);
    return { ok: true as const, addressId: savedId };
  });
  if (!outcome.ok) return outcome;
  const notice = id ? ADDRESS_MESSAGES.updated : ADDRESS_MESSAGES.added;
  return {
    ok: true,
    notice: checked.filledFromPin ? `${notice} ${ADDRESS_MESSAGES.filledFromPin}` : notice,
    addressId: outcome.addressId,
  };
}

/** A refused form's values again, as a posted form (the page fills its fields from it). */
function formOf(values: AddressValues, id: number) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  data.set('id', String(id));
  return new PostedForm(data);
}

/** Deletes one of the customer's addresses; when it was the default, the next in the book becomes it. */
export async function deleteAddress(userId: string, id: number): Promise<FormOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(customerAddresses)
      .where(mine(userId, id))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) return refuse('not_found', ADDRESS_MESSAGES.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.userId, userId))
        .orderBy(
          sql`${customerAddresses.lastUsedAt} desc nulls last`,
          desc(customerAddresses.createdAt),
          asc(customerAddresses.id),
        )
        .limit(1);
      if (next) await setDefault(tx, userId, next.id);
    }
    return { ok: true, notice: ADDRESS_MESSAGES.deleted };
  });
}

export async function makeDefaultAddress(userId: string, id: number): Promise<FormOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [own] = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(mine(userId, id));
    if (!own) return refuse('not_found', ADDRESS_MESSAGES.notFound);
    await setDefault(tx, userId, id);
    return { ok: true, notice: ADDRESS_MESSAGES.madeDefault };
  });
}

/** The address book page's forms: save (add or edit), delete, make default. */
export function addressBookRequest(userId: string, form: PostedForm): Promise<FormOutcome> {
  return byIntent(form, {
    save: () =>
      saveAddress(userId, form.id('id'), addressValuesOf(form), { makeDefault: form.text('makeDefault') === 'on' }),
    delete: () => deleteAddress(userId, form.id('id')),
    default: () => makeDefaultAddress(userId, form.id('id')),
  });
}

/**
 * The address an order of the customer's went to (inside the order's transaction): marked as used when
 * it is in the book, else added (the default when the book has none); a full book is left as it is.
 */
export async function rememberOrderAddress(
  tx: Tx,
  userId: string,
  address: Omit<SavedAddressInput, 'phone'>,
  phone: string,
  now = new Date(),
): Promise<void> {
  await lockBook(tx, userId);
  const entry = { ...address, phone };
  const known = await samePlace(tx, userId, entry);
  if (known) {
    await tx.update(customerAddresses).set({ phone, lastUsedAt: now, updatedAt: now }).where(mine(userId, known.id));
    return;
  }
  if ((await countOf(tx, userId)) >= MAX_ADDRESSES) return;
  await tx
    .insert(customerAddresses)
    .values({ ...entry, userId, isDefault: !(await hasDefault(tx, userId)), lastUsedAt: now });
}
