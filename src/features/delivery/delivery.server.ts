// The PIN-code check the product page, /api/delivery and the checkout ask: a typed PIN → where, by
// when (counting the store's holidays), and whether cash on delivery is possible; a malformed or
// unknown PIN → the message to show. And the rule for a saved address: its PIN lies in its state.
import { indianStateOrUt, isValidPinCode } from '../../lib/india';
import { env } from '../../server/config/env.server';
import { storeHolidays } from '../orders/store-holidays.server';
import {
  codAvailable,
  type DeliveryZone,
  deliveryZone,
  pinAnswer,
  PIN_MESSAGES,
  type PinCheck,
  type PinPlace,
} from './delivery-estimate';
import { closedToDelivery } from './closed-pins.server';
import { findPin, statesOfPin } from './pin-directory.server';
import { fillFromPinPlace, type PinFillable } from './pin-fill';

type PinLookup = { ok: false; pin: string; message: string } | { ok: true; place: PinPlace };

function lookUpPin(raw: string): PinLookup {
  const pin = raw.replace(/\s/g, '').slice(0, 12);
  if (!isValidPinCode(pin)) return { ok: false, pin, message: PIN_MESSAGES.format };
  const found = findPin(pin);
  return found ? { ok: true, place: found } : { ok: false, pin, message: PIN_MESSAGES.unknown };
}

export async function checkPin(raw: string, now = new Date()): Promise<PinCheck> {
  const lookup = lookUpPin(raw);
  if (!lookup.ok) return lookup;
  // Closed by the desk: the same answer as a PIN the store cannot serve.
  if (await closedToDelivery(lookup.place.pin))
    return { ok: false, pin: lookup.place.pin, message: PIN_MESSAGES.unknown };
  return pinAnswer(lookup.place, now, await storeHolidays(now));
}

/** The delivery zone of a PIN code (what /track counts an order's transit by), or null for a PIN not in the directory. */
export function zoneOfPin(pin: string): DeliveryZone | null {
  const found = findPin(pin.trim());
  return found ? deliveryZone(found) : null;
}

/**
 * Whether India Post files this PIN code under this state or union territory (any usual spelling of
 * it); a PIN on a border lies in each state its post offices are in.
 */
export function pinLiesIn(pin: string, state: string): boolean {
  const chosen = indianStateOrUt(state);
  return chosen !== null && statesOfPin(pin.trim()).includes(chosen);
}

/**
 * Why an order cannot go to this address's PIN code, or null when it can: the PIN must exist, lie in
 * the chosen state (the invoice's GST and the courier go by both) and, for cash on delivery, take cash.
 */
export function pinRefusal(
  address: { pin: string; state: string },
  paymentMethod: 'cod' | 'online' = 'cod',
): string | null {
  const lookup = lookUpPin(address.pin);
  if (!lookup.ok) return lookup.message;
  const { pin } = lookup.place;
  if (!pinLiesIn(pin, address.state)) return PIN_MESSAGES.wrongState(pin, statesOfPin(pin), address.state);
  return paymentMethod === 'online' || codAvailable(lookup.place)
    ? null
    : PIN_MESSAGES.noCod(pin, env().STORE_CARE_EMAIL);
}

/** pinRefusal, and a PIN code the desk has closed to delivery: the checkout's one question about the address. */
export async function deliveryRefusal(
  address: { pin: string; state: string },
  paymentMethod: 'cod' | 'online' = 'cod',
): Promise<string | null> {
  return pinRefusal(address, paymentMethod) ?? ((await closedToDelivery(address.pin)) ? PIN_MESSAGES.unknown : null);
}

/**
 * A sent address with its blank city and state filled from its PIN code (India Post's district and
 * state), and which were filled; an unknown or malformed PIN fills nothing (its own rule says why).
 */
export function fillBlanksFromPin<A extends { city: string; state: string; pin: string }>(
  address: A,
): { address: A; filled: PinFillable[] } {
  const lookup = lookUpPin(address.pin);
  if (!lookup.ok) return { address, filled: [] };
  const { values, filled } = fillFromPinPlace(address, lookup.place);
  return { address: values, filled: [...filled] };
}
