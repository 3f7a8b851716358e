// A customer asks to return items of a delivered order: which lines and how many of each, a refund
// or a replacement of the same product and plan (decision 0104-replacements), the form's answers judged against the Refunds policy (returns-policy.ts), where a cash-on-delivery
// refund goes (lib/payout.ts), the photos and unboxing video through the store's one upload path; the request_return
// move checks the units again under the order's lock and writes the return, its lines, the history
// row and the mails in one transaction.
import { readPayoutDestination } from '../../lib/payout';
import { discardUploads, saveImages, saveVideo } from '../../server/storage/uploads.server';
import { applyMove, RETURN_CLOSED } from './apply-move.server';
import { canRequestReturn, deliveredAt } from './lifecycle';
import { findOrder, mayView, type OrderDetail, orderParts, type OrderViewer } from './orders.server';
import {
  judgeReturnRequest,
  MAX_PHOTO_BYTES,
  MAX_RETURN_PHOTOS,
  MAX_VIDEO_BYTES,
  readResolution,
  readReturnUnits,
  RETURN_MESSAGES,
  type ReturnFormErrors,
} from './returns-policy';

export type ReturnAnswer = { ok: true; text: string } | { ok: false; text: string; errors: ReturnFormErrors };

const refused = (errors: ReturnFormErrors): ReturnAnswer => ({
  ok: false,
  errors,
  text: errors.form ?? errors.reason ?? 'Please check the details marked below.',
});

const filesOf = (form: FormData, name: string) =>
  form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);

/** Each order line with the units still with the customer (not in a return that was not declined). */
export function unitsLeft(parts: Pick<OrderDetail, 'lines' | 'returns' | 'returnLines'>) {
  const declined = new Set(parts.returns.filter((r) => r.status === 'declined').map((r) => r.id));
  return parts.lines.map((line) => ({
    id: line.id,
    name: line.name,
    months: line.months,
    bought: line.quantity,
    left:
      line.quantity -
      parts.returnLines
        .filter((r) => r.orderLineId === line.id && !declined.has(r.returnId))
        .reduce((sum, r) => sum + r.quantity, 0),
  }));
}

export async function requestReturn(
  orderNumber: string,
  viewer: OrderViewer,
  form: FormData,
  now = new Date(),
): Promise<ReturnAnswer | null> {
  const found = await findOrder(orderNumber);
  if (!found || !mayView(found, viewer)) return null;
  const parts = await orderParts(found.id);
  const delivered = deliveredAt(parts.history);
  if (!delivered || !canRequestReturn(found, delivered, now))
    return refused({ form: found.status === 'return_requested' ? RETURN_MESSAGES.open : RETURN_CLOSED });
  const field = (name: string) => String(form.get(name) ?? '');
  const units = readReturnUnits(unitsLeft(parts), field);
  const resolution = readResolution(field('resolution'));
  const payout =
    found.paymentMethod === 'cod'
      ? readPayoutDestination({
          method: field('payoutMethod'),
          upi: field('payoutUpi'),
          account: field('payoutAccount'),
          ifsc: field('payoutIfsc'),
        })
      : null;

  const photos = filesOf(form, 'photos');
  const [video, ...extraVideos] = filesOf(form, 'video');
  const description = String(form.get('description') ?? '').trim();
  const judged = judgeReturnRequest(
    { reason: String(form.get('reason') ?? ''), description, photoCount: photos.length, hasVideo: !!video },
    delivered,
    now,
  );
  const errors: ReturnFormErrors = {
    ...(judged.ok ? {} : judged.errors),
    ...(units ? {} : { lines: RETURN_MESSAGES.lines }),
    ...(resolution ? {} : { resolution: RETURN_MESSAGES.resolution }),
    ...(payout?.ok === false && payout.errors),
  };
  if (photos.length > MAX_RETURN_PHOTOS || photos.some((f) => f.size > MAX_PHOTO_BYTES))
    errors.photos = RETURN_MESSAGES.photos;
  if (video && (video.size > MAX_VIDEO_BYTES || extraVideos.length)) errors.video = RETURN_MESSAGES.video;
  if (!judged.ok || !units || !resolution || payout?.ok === false || Object.keys(errors).length) return refused(errors);

  // Only what passed the rules is stored; a file that is not what it claims to be is refused. Whatever
  // was stored is removed again unless the return is recorded (a later file refused, the move lost).
  const stored: string[] = [];
  let recorded = false;
  try {
    const savedVideo = await saveVideo('returns', video, found.orderNumber);
    if (!savedVideo.ok) return refused({ video: RETURN_MESSAGES.video });
    stored.push(savedVideo.url);
    const savedPhotos = await saveImages('returns', photos, found.orderNumber);
    if (!savedPhotos.ok) return refused({ photos: savedPhotos.message });
    stored.push(...savedPhotos.urls);
    const result = await applyMove(found.id, 'request_return', {
      now,
      newReturn: {
        reasonCategory: judged.category,
        description,
        photos: savedPhotos.urls,
        video: savedVideo.url,
        lines: units,
        resolution,
        destination: payout?.destination ?? null,
      },
    });
    recorded = result.ok;
    return result.ok ? { ok: true, text: RETURN_MESSAGES.sent } : refused({ form: result.message });
  } finally {
    if (!recorded) await discardUploads(stored);
  }
}
