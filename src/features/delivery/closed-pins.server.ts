// PIN codes the desk has closed to delivery (docs/decisions/0113-pin-codes-closed-to-delivery.md): the
// PIN check answers "We can't take orders to this PIN yet" for them, like a PIN India Post does not
// know, and the checkout refuses an order there whatever the payment. Read on every check (one
// primary-key lookup), so every process agrees at once after a change.
import { asc, eq } from 'drizzle-orm';
import { type Db, getDb, type Tx } from '../../db/client';
import { deliveryClosedPins } from '../../db/schema';
import { byIntent, type FormOutcome, type PostedForm, refuse } from '../../server/http/form.server';
import { UNSERVED_PIN_MESSAGE } from './delivery-estimate';

type Executor = Db | Tx;

const PIN_PATTERN = /^[1-9][0-9]{5}$/;

export const CLOSED_PIN_MESSAGES = {
  /** The desk's words for a malformed PIN (as on the cash-on-delivery list). */
  format: 'Enter a 6-digit PIN code.',
  closed: (pin: string) => `PIN code ${pin} is now closed to delivery: the store takes no orders there.`,
  opened: (pin: string) => `PIN code ${pin} is open to delivery again.`,
  /** What the shopper reads: the same as for a PIN the store cannot serve. */
  shopper: UNSERVED_PIN_MESSAGE,
} as const;

export const listClosedPins = async (db?: Executor) =>
  (db ?? (await getDb())).select().from(deliveryClosedPins).orderBy(asc(deliveryClosedPins.pin));

/** Whether the desk has closed this PIN code to delivery. */
export async function closedToDelivery(pin: string, db?: Executor): Promise<boolean> {
  const [row] = await (db ?? (await getDb()))
    .select({ pin: deliveryClosedPins.pin })
    .from(deliveryClosedPins)
    .where(eq(deliveryClosedPins.pin, pin.trim()));
  return Boolean(row);
}

/** The delivery desk's forms: closing a PIN code to delivery (with an optional note) and opening it again. */
export async function deliveryDeskRequest(form: PostedForm): Promise<FormOutcome> {
  const db = await getDb();
  const pin = form.text('pin');
  return byIntent<FormOutcome>(form, {
    close_pin: async () => {
      if (!PIN_PATTERN.test(pin))
        return refuse('unprocessable', CLOSED_PIN_MESSAGES.format, {
          errors: { pin: CLOSED_PIN_MESSAGES.format },
          form,
        });
      const note = form.text('note').slice(0, 200);
      await db
        .insert(deliveryClosedPins)
        .values({ pin, note })
        .onConflictDoUpdate({ target: deliveryClosedPins.pin, set: { note } });
      return { ok: true, notice: CLOSED_PIN_MESSAGES.closed(pin) };
    },
    open_pin: async () => {
      if (!PIN_PATTERN.test(pin)) return refuse('invalid', CLOSED_PIN_MESSAGES.format);
      await db.delete(deliveryClosedPins).where(eq(deliveryClosedPins.pin, pin));
      return { ok: true, notice: CLOSED_PIN_MESSAGES.opened(pin) };
    },
  });
}
