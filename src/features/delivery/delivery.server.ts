// The PIN-code check the product page, /api/delivery and the checkout ask: a typed PIN → where, by
// when (counting the store's holidays), and whether cash on delivery is possible; a malformed or
// unknown PIN → the message to show.
import { isValidPinCode } from '../../lib/india';
import { storeHolidays } from '../orders/store-holidays.server';
import { codAvailable, pinAnswer, PIN_MESSAGES, type PinCheck, type PinPlace } from './delivery-estimate';
import { findPin } from './pin-directory.server';

type PinLookup = { ok: false; pin: string; message: string } | { ok: true; place: PinPlace };

function lookUpPin(raw: string): PinLookup {
  const pin = raw.replace(/\s/g, '').slice(0, 12);
  if (!isValidPinCode(pin)) return { ok: false, pin, message: PIN_MESSAGES.format };
  const found = findPin(pin);
  return found ? { ok: true, place: found } : { ok: false, pin, message: PIN_MESSAGES.unknown(pin) };
}

export async function checkPin(raw: string, now = new Date()): Promise<PinCheck> {
  const lookup = lookUpPin(raw);
  if (!lookup.ok) return lookup;
  return pinAnswer(lookup.place, now, await storeHolidays(now));
}

/** Why an order cannot go to this PIN code, or null when it can (checkout: COD is the only payment). */
export function pinRefusal(pin: string): string | null {
  const lookup = lookUpPin(pin);
  if (!lookup.ok) return lookup.message;
  return codAvailable(lookup.place) ? null : PIN_MESSAGES.noCod(lookup.place.pin);
}
