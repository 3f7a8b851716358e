// The PIN-code check the product page, /api/delivery and the checkout ask: a typed PIN → where, by
// when, and whether cash on delivery is possible; a malformed or unknown PIN → the message to show.
import { isValidPinCode } from '../../lib/india';
import { pinAnswer, PIN_MESSAGES, type PinCheck } from './delivery-estimate';
import { findPin } from './pin-directory.server';

export function checkPin(raw: string, now = new Date()): PinCheck {
  const pin = raw.replace(/\s/g, '').slice(0, 12);
  if (!isValidPinCode(pin)) return { ok: false, pin, message: PIN_MESSAGES.format };
  const found = findPin(pin);
  return found ? pinAnswer(found, now) : { ok: false, pin, message: PIN_MESSAGES.unknown(pin) };
}

/** Why an order cannot go to this PIN code, or null when it can (checkout: COD is the only payment). */
export function pinRefusal(pin: string): string | null {
  const check = checkPin(pin);
  if (!check.ok) return check.message;
  return check.cod ? null : PIN_MESSAGES.noCod(check.pin);
}
