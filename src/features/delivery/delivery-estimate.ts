// THE delivery promise (docs/decisions/0096-one-delivery-promise.md), in one place: dispatch within 2 business
// days of confirmation, then the zone's days in transit. The PIN check on the product page and at
// checkout, the product page's note, the checkout's line, /track and the order mails all say what this
// module says, and a content test holds the shipping policy to the same figures. Pure (the clock and
// the place are passed in), shared by the server and the islands; business days come from
// src/lib/business-days with the store's holidays passed in.
import { addIndiaBusinessDays, type Holidays } from '../../lib/business-days';
import type { IndianStateOrUt } from '../../lib/india';

export interface PinPlace {
  pin: string;
  district: string;
  state: IndianStateOrUt;
}

/**
 * Policy §5: delivered 5 to 8 days after dispatch, "depending on your location; remote areas may take
 * longer". Metros get the 5 days, the North-East, Jammu and Kashmir, Ladakh and the islands the 8,
 * everywhere else 7 (decisions 0060-pin-code-delivery-check and 0096-one-delivery-promise).
 */
export type DeliveryZone = 'metro' | 'rest' | 'remote';
export const TRANSIT_DAYS: Record<DeliveryZone, number> = { metro: 5, rest: 7, remote: 8 };

/** Policy §4: dispatched within 2 business days of confirmation (Sundays and the store's holidays excluded). */
export const DISPATCH_BUSINESS_DAYS = 2;
/** Policy §5's '5 to 8 days' after dispatch: the quickest and the slowest zone. */
export const DELIVERY_DAYS = {
  from: Math.min(...Object.values(TRANSIT_DAYS)),
  to: Math.max(...Object.values(TRANSIT_DAYS)),
} as const;

/** The promise in words, where no PIN is known yet (product page note, checkout). */
export const DELIVERY_PROMISE = `Dispatched within ${DISPATCH_BUSINESS_DAYS} business days, delivered ${DELIVERY_DAYS.from}–${DELIVERY_DAYS.to} days later`;

/** What the PIN check and the checkout say for a PIN the store cannot deliver to. */
export const UNSERVED_PIN_MESSAGE = "We can't take orders to this PIN yet";

const DAY_MS = 86_400_000;
/** The day a parcel dispatched on `dispatchDay` arrives by in its zone (the promise's last day). */
export const arrivalBy = (dispatchDay: Date, zone: DeliveryZone) =>
  new Date(dispatchDay.getTime() + TRANSIT_DAYS[zone] * DAY_MS);
/** The latest day the store may dispatch an order confirmed at `confirmedAt`. */
export const dispatchBy = (confirmedAt: Date, holidays: Holidays = []) =>
  addIndiaBusinessDays(confirmedAt, DISPATCH_BUSINESS_DAYS, holidays);

/** The metros' districts as India Post names them (all of Delhi counts). */
const METRO_DISTRICTS = new Set(['mumbai', 'kolkata', 'chennai', 'bangalore', 'hyderabad', 'ahmedabad', 'pune']);
const REMOTE_STATES = new Set<IndianStateOrUt>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);
/**
 * Policy §3: cash on delivery "on most orders" — not to the islands, where parcels travel by sea or
 * air and couriers collect no cash. The policy names them.
 */
export const NO_COD_STATES = new Set<IndianStateOrUt>(['Andaman and Nicobar Islands', 'Lakshadweep']);

export function deliveryZone(place: Pick<PinPlace, 'district' | 'state'>): DeliveryZone {
  if (place.state === 'Delhi' || METRO_DISTRICTS.has(place.district.toLowerCase())) return 'metro';
  return REMOTE_STATES.has(place.state) ? 'remote' : 'rest';
}

export const codAvailable = (place: Pick<PinPlace, 'state'>) => !NO_COD_STATES.has(place.state);

/** The India day the parcel should arrive by, for an order placed (and confirmed) at `now`. */
export function deliverBy(place: Pick<PinPlace, 'district' | 'state'>, now: Date, holidays: Holidays = []): Date {
  return arrivalBy(dispatchBy(now, holidays), deliveryZone(place));
}

export const PIN_MESSAGES = {
  format: 'Please enter a 6-digit PIN code.',
  /**
   * A PIN India Post's directory (our copy of it) does not hold: couriers route by it, so the store
   * cannot deliver there yet, whether the PIN is new or mistyped.
   */
  unknown: UNSERVED_PIN_MESSAGE,
  /** The PIN's state(s) and the one the shopper chose: a GST invoice and the courier need them to agree. */
  wrongState: (pin: string, pinStates: readonly string[], chosen: string) =>
    `PIN code ${pin} is in ${pinStates.join(' or ')}, not ${chosen}. Check the PIN code or the state.`,
  /** careEmail: the store's customer care address (STORE_CARE_EMAIL). */
  noCod: (pin: string, careEmail: string) =>
    `Cash on delivery is not available for PIN code ${pin}. Please pay online, or write to ${careEmail} and we will help.`,
} as const;

export type PinCheck =
  | { ok: false; pin: string; message: string }
  | {
      ok: true;
      pin: string;
      place: string;
      /** India Post's district (fills a blank city or town). */
      district: string;
      state: IndianStateOrUt;
      zone: DeliveryZone;
      deliverBy: string;
      cod: boolean;
      text: string;
      codText: string;
    };

export const formatDeliveryDate = (day: Date) =>
  day.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** The answer for a PIN the directory knows. */
export function pinAnswer(found: PinPlace, now: Date, holidays: Holidays = []): Extract<PinCheck, { ok: true }> {
  const place =
    found.district.toLowerCase() === found.state.toLowerCase() ? found.state : `${found.district}, ${found.state}`;
  const by = deliverBy(found, now, holidays);
  const cod = codAvailable(found);
  return {
    ok: true,
    pin: found.pin,
    place,
    district: found.district,
    state: found.state,
    zone: deliveryZone(found),
    deliverBy: by.toISOString(),
    cod,
    text: `Delivers to ${place} by ${formatDeliveryDate(by)}`,
    codText: cod ? 'Cash on delivery available' : 'Cash on delivery not available',
  };
}
