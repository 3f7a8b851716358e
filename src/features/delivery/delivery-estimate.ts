// What the PIN-code check tells a shopper: where the parcel goes, by when it arrives and whether cash on
// delivery is possible there. Pure (the clock and the place are passed in), shared by the server and
// the islands. Dispatch counts business days as the order tracker does (src/lib/business-days, the
// store's holidays passed in); this module only decides the zone and its days in transit (shipping
// policy §3–5).
import { addIndiaBusinessDays, type Holidays } from '../../lib/business-days';
import type { IndianStateOrUt } from '../../lib/india';
import { DELIVERY_DAYS, DISPATCH_BUSINESS_DAYS } from '../orders/tracking';

export interface PinPlace {
  pin: string;
  district: string;
  state: IndianStateOrUt;
}

/**
 * Policy §5: delivered 5 to 8 days after dispatch, "depending on your location; remote areas may take
 * longer". Metros get the 5 days, the North-East, Jammu and Kashmir, Ladakh and the islands the 8,
 * everywhere else 7 (docs/decisions: PIN-code delivery check).
 */
export type DeliveryZone = 'metro' | 'rest' | 'remote';
export const TRANSIT_DAYS: Record<DeliveryZone, number> = {
  metro: DELIVERY_DAYS.from,
  rest: 7,
  remote: DELIVERY_DAYS.to,
};

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
  const dispatchBy = addIndiaBusinessDays(now, DISPATCH_BUSINESS_DAYS, holidays);
  return new Date(dispatchBy.getTime() + TRANSIT_DAYS[deliveryZone(place)] * 86_400_000);
}

export const PIN_MESSAGES = {
  format: 'Please enter a 6-digit PIN code.',
  unknown: (pin: string) => `We could not find PIN code ${pin} in India Post's directory. Please check it.`,
  /** The PIN's state(s) and the one the shopper chose: a GST invoice and the courier need them to agree. */
  wrongState: (pin: string, pinStates: readonly string[], chosen: string) =>
    `PIN code ${pin} is in ${pinStates.join(' or ')}, not ${chosen}. Check the PIN code or the state.`,
  noCod: (pin: string) =>
    `Cash on delivery is not available for PIN code ${pin}. Please pay online, or write to care@vedara.in and we will help.`,
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
