// A customer asks to return a delivered order (within 7 days): a reason and up to 3 photos. The
// request, the status, its history row and the mails to the customer and the store are one step.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orders, orderStatusHistory, returnRequests } from '../../db/schema';
import { canRequestReturn, RETURN_WINDOW_DAYS } from '../../lib/order-desk';
import { storeNoticeAddress } from '../appointments/appointments.server';
import { enqueueEmail, kickOutbox } from '../email/outbox.server';
import { renderMail } from '../email/templates';
import { saveImageUpload } from '../media/uploads.server';
import { getOrderDetail, type OrderViewer } from './orders.server';

export const RETURN_MESSAGES = {
  reason: 'Please tell us in a few words (at least 10 characters) what is wrong with the order.',
  photos: 'Please attach up to 3 photos (PNG, JPEG or WebP, 3 MB each at most).',
  closed: `Returns can be requested within ${RETURN_WINDOW_DAYS} days of delivery.`,
  sent: 'Your return request has been sent. We reply within 48 working hours.',
} as const;
const MAX_PHOTOS = 3;
const MAX_PHOTO_BYTES = 3 * 1024 * 1024;

/** When the order was delivered (the latest 'delivered' row: a declined return puts it back). */
export const deliveredAt = (history: { status: string; createdAt: Date }[]) => history.findLast((h) => h.status === 'delivered')?.createdAt ?? null;

export async function requestReturn(orderNumber: string, viewer: OrderViewer, form: FormData, now = new Date()):
  Promise<{ ok: boolean; text: string } | null> {
  const detail = await getOrderDetail(orderNumber, viewer);
  if (!detail) return null;
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 10 || reason.length > 2000) return { ok: false, text: RETURN_MESSAGES.reason };
  const files = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length > MAX_PHOTOS || files.some((f) => f.size > MAX_PHOTO_BYTES)) return { ok: false, text: RETURN_MESSAGES.photos };
  if (!canRequestReturn(detail.order, deliveredAt(detail.history), now)) return { ok: false, text: RETURN_MESSAGES.closed };
  const photos: string[] = [];
  for (const file of files) {
    const url = await saveImageUpload('returns', detail.order.orderNumber, new Uint8Array(await file.arrayBuffer()));
    if (!url) return { ok: false, text: RETURN_MESSAGES.photos };
    photos.push(url);
  }

  const db = await getDb();
  const ok = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, detail.order.id)).for('update');
    const history = await tx.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    if (!canRequestReturn(order, deliveredAt(history), now)) return false;
    await tx.update(orders).set({ status: 'return_requested', updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(returnRequests).values({ orderId: order.id, reason, photos, createdAt: now })
      .onConflictDoUpdate({ target: returnRequests.orderId, set: { reason, photos, createdAt: now } });
    await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'return_requested', note: 'Return requested by the customer.', createdAt: now });
    await enqueueEmail(tx, { kind: 'return_requested', to: order.email, ...renderMail({
      subject: `Return requested: ${order.orderNumber}`,
      greeting: `Namaste ${order.address.name},`,
      paragraphs: ['We have received your return request and will reply within 48 working hours with the next steps.'],
      details: [['Order', order.orderNumber], ['Your reason', reason]],
    }) });
    await enqueueEmail(tx, { kind: 'return_store_notice', to: storeNoticeAddress(), ...renderMail({
      subject: `Return requested: ${order.orderNumber}`,
      greeting: 'A customer asked to return an order.',
      paragraphs: [reason],
      details: [['Order', order.orderNumber], ['Customer', order.email], ['Photos', String(photos.length)]],
    }) });
    return true;
  });
  if (!ok) return { ok: false, text: RETURN_MESSAGES.closed };
  kickOutbox();
  return { ok: true, text: RETURN_MESSAGES.sent };
}
