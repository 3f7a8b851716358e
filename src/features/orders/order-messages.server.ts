// The SMS and WhatsApp messages an order's moves send, queued in the move's transaction beside its mail
// (src/server/messages). A cash-on-delivery order's confirmation link goes by SMS to the order's phone
// (transactional: no consent needed); order updates go on WhatsApp only to a customer whose latest choice
// for the address is "Send me order updates on WhatsApp" (consent_records). Each message is keyed by the
// order, the move and the channel, so a move applied again never sends it twice.
import { formatRupees } from '../../lib/money';
import { normaliseIndianMobile } from '../../lib/india';
import type { Tx } from '../../db/database';
import { enqueueMessage, type QueuedMessage } from '../../server/messages/outbox.server';
import { latestConsent } from '../privacy/consent-records.server';
import type { MoveName } from './lifecycle';
import { codConfirmationUrl, type MailOrder, type MoveDetails, orderUrl } from './order-mail.server';

type MessageOrder = MailOrder & { id: number; phone: string };
type Message = Pick<QueuedMessage, 'template' | 'params'>;

/** The WhatsApp update a move sends to a customer who opted in, if any. */
function whatsappUpdate(move: MoveName, order: MessageOrder, details: MoveDetails): Message | null {
  const { orderNumber } = order;
  switch (move) {
    case 'place':
      return {
        template: 'order_placed_cod',
        params: {
          name: order.address.name,
          orderNumber,
          total: formatRupees(order.total),
          link: codConfirmationUrl(order),
        },
      };
    case 'pay':
      return {
        template: 'order_placed',
        params: { name: order.address.name, orderNumber, total: formatRupees(order.total), link: orderUrl(order) },
      };
    case 'ship': {
      const courier = details.courier ?? '';
      const trackingNumber = details.trackingNumber ?? '';
      return {
        template: 'order_shipped',
        params: {
          orderNumber,
          courier,
          trackingNumber,
          link: details.parcelUrl ?? orderUrl(order),
        },
      };
    }
    case 'out_for_delivery':
      return {
        template: 'order_out_for_delivery',
        params: {
          orderNumber,
          payment:
            order.paymentMethod === 'online'
              ? 'It is paid: there is nothing to pay at the door.'
              : `Please keep ${formatRupees(order.total)} ready in cash.`,
        },
      };
    case 'deliver':
      return { template: 'order_delivered', params: { orderNumber, link: orderUrl(order) } };
    default:
      return null;
  }
}

/** DLT's limit for one variable of an SMS template. */
const DLT_VARIABLE_MAX = 30;

/** The SMS's short word on paying online instead (its page has the form), or nothing when cash is all there is. */
function payInsteadMention(offer: MoveDetails['payInstead']): string {
  if (!offer) return '';
  const saving = `Pay online there, save ${formatRupees(offer.saving)}.`;
  return offer.saving > 0 && saving.length <= DLT_VARIABLE_MAX ? saving : 'Or pay online there.';
}

/** Queues the move's messages in its transaction (nothing for a phone that is not an Indian mobile). */
export async function queueOrderMessages(tx: Tx, move: MoveName, order: MessageOrder, details: MoveDetails = {}) {
  const mobile = normaliseIndianMobile(order.phone);
  if (!mobile) return;
  const to = `91${mobile}`;
  const key = (channel: string) => `order:${order.id}:${move}:${channel}`;
  if (move === 'place') {
    await enqueueMessage(tx, {
      template: 'cod_confirmation',
      to,
      params: {
        orderNumber: order.orderNumber,
        total: formatRupees(order.total),
        link: codConfirmationUrl(order),
        instead: payInsteadMention(details.payInstead),
      },
      idempotencyKey: key('sms'),
      orderId: order.id,
    });
  }
  const update = whatsappUpdate(move, order, details);
  if (update && (await latestConsent(tx, order.email, 'whatsapp_order_updates')))
    await enqueueMessage(tx, { ...update, to, idempotencyKey: key('whatsapp'), orderId: order.id });
}
