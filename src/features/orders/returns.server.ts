// A customer asks to return a delivered order (within 7 days): a reason and up to 3 photos. The
// request row is written by the request_return move, in its transaction.
import { returnRequests } from '../../db/schema';
import { saveImageUpload } from '../media/uploads.server';
import { applyMove, deliveredAt, RETURN_CLOSED } from './apply-move.server';
import { canRequestReturn } from './lifecycle';
import { findOrder, mayView, orderParts, type OrderViewer } from './orders.server';

export const RETURN_MESSAGES = {
  reason: 'Please tell us in a few words (at least 10 characters) what is wrong with the order.',
  photos: 'Please attach up to 3 photos (PNG, JPEG or WebP, 3 MB each at most).',
  closed: RETURN_CLOSED,
  sent: 'Your return request has been sent. We reply within 48 working hours.',
} as const;
const MAX_PHOTOS = 3;
const MAX_PHOTO_BYTES = 3 * 1024 * 1024;

export async function requestReturn(orderNumber: string, viewer: OrderViewer, form: FormData, now = new Date()):
  Promise<{ ok: boolean; text: string } | null> {
  const found = await findOrder(orderNumber);
  if (!found || !mayView(found, viewer)) return null;
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 10 || reason.length > 2000) return { ok: false, text: RETURN_MESSAGES.reason };
  const files = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length > MAX_PHOTOS || files.some((f) => f.size > MAX_PHOTO_BYTES)) return { ok: false, text: RETURN_MESSAGES.photos };
  // Checked before any photo is stored; the move checks again under the order's lock.
  if (!canRequestReturn(found, deliveredAt((await orderParts(found.id)).history), now)) return { ok: false, text: RETURN_MESSAGES.closed };
  const photos: string[] = [];
  for (const file of files) {
    const url = await saveImageUpload('returns', found.orderNumber, new Uint8Array(await file.arrayBuffer()));
    if (!url) return { ok: false, text: RETURN_MESSAGES.photos };
    photos.push(url);
  }
  const result = await applyMove(found.id, 'request_return', {
    now, reason, photoCount: photos.length,
    alongside: async (tx, order) => {
      await tx.insert(returnRequests).values({ orderId: order.id, reason, photos, createdAt: now })
        .onConflictDoUpdate({ target: returnRequests.orderId, set: { reason, photos, createdAt: now } });
    },
  });
  return result.ok ? { ok: true, text: RETURN_MESSAGES.sent } : { ok: false, text: result.message };
}
