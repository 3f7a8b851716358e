// Test helpers: a placed order through the real checkout, and the mails an address was sent.
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/db/client';
import { emailOutbox, orderLines, orders } from '../../src/db/schema';
import { placeOrder } from '../../src/features/checkout/checkout.server';
import { cartWith } from './carts';
import { TINY_PNG } from './images';
import { TEST_ADDRESS } from './test-address';

export { TEST_ADDRESS };

let keys = 0;

/** Places a one-pack order of `productId` for `email` and returns its number. */
export async function placeTestOrder(
  email: string,
  customer: { id: string; email: string } | null = null,
  productId = 2,
): Promise<string> {
  const cart = await cartWith([{ productId, quantity: 1 }], customer);
  const result = await placeOrder(
    {
      email,
      phone: '9876543210',
      address: TEST_ADDRESS,
      usePoints: false,
      expectedTotal: null,
      idempotencyKey: `test-order-key-${++keys}-${Date.now()}`,
    },
    cart,
    customer,
  );
  if (!result.ok) throw new Error(result.message);
  return result.orderNumber;
}

export async function mailsTo(email: string) {
  const db = await getDb();
  return db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.id);
}

const png = () => new File([new Uint8Array(TINY_PNG)], 'box.png', { type: 'image/png' });
const mp4 = () =>
  new File(
    [new Uint8Array([0, 0, 0, 0x20, ...'ftypisom'.split('').map((c) => c.charCodeAt(0)), ...new Array(40).fill(0)])],
    'unboxing.mp4',
    { type: 'video/mp4' },
  );
export interface ReturnFormFields {
  reason?: string;
  description?: string;
  photos?: File[];
  video?: File | null;
  /** Units sent back per order line id. */
  units?: Record<number, number>;
  /** A refund (when absent) or a replacement: the form's `resolution`. */
  resolution?: string;
  /** Where a cash-on-delivery refund goes: the form's payout fields (a UPI ID unless told otherwise). */
  payout?: Record<string, string>;
}

/** The return form as a customer fills it: a reason, a description, two photos, an unboxing video, a UPI ID. */
export function returnForm(fields: ReturnFormFields = {}) {
  const form = new FormData();
  for (const [id, units] of Object.entries(fields.units ?? {})) form.set(`units-${id}`, String(units));
  for (const [name, value] of Object.entries(fields.payout ?? { payoutMethod: 'upi', payoutUpi: 'meera.iyer@okaxis' }))
    form.set(name, value);
  if (fields.resolution !== undefined) form.set('resolution', fields.resolution);
  form.set('reason', fields.reason ?? 'damaged');
  form.set('description', fields.description ?? 'The jar arrived cracked and leaking.');
  for (const photo of fields.photos ?? [png(), png()]) form.append('photos', photo);
  if (fields.video !== null) form.set('video', fields.video ?? mp4());
  return form;
}

/** The order's lines, oldest first. */
export async function linesOf(orderNumber: string) {
  const db = await getDb();
  return db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      quantity: orderLines.quantity,
      lineTotal: orderLines.lineTotal,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(orderLines.id);
}

/** The return form sending back every unit of the order (unless `fields.units` says which). */
export async function returnFormFor(orderNumber: string, fields: ReturnFormFields = {}) {
  const units = fields.units ?? Object.fromEntries((await linesOf(orderNumber)).map((l) => [l.id, l.quantity]));
  return returnForm({ ...fields, units });
}
