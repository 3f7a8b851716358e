// Filling an address's city and state from its PIN code (the checkout and the address book, in the
// browser as the PIN is typed and on the server when a form is sent without JavaScript). A field is
// filled when it is blank, or when the PIN filled it before and the shopper has not touched it since;
// what the shopper typed is never overwritten.

export type PinFillable = 'city' | 'state';

export function fillFromPinPlace<V extends Record<PinFillable, string>>(
  values: V,
  place: { district: string; state: string },
  /** The fields the PIN filled earlier and the shopper left as they were. */
  filledBefore: ReadonlySet<PinFillable> = new Set(),
): { values: V; filled: Set<PinFillable> } {
  const next = { ...values };
  const filled = new Set<PinFillable>();
  const from: Record<PinFillable, string> = { city: place.district, state: place.state };
  for (const field of ['city', 'state'] as const) {
    if (values[field].trim() && !filledBefore.has(field)) continue;
    next[field] = from[field];
    filled.add(field);
  }
  return { values: next, filled };
}
