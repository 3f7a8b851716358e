// The unit sale price the Legal Metrology (Packaged Commodities) Rules 2011, rule 6(10)/(11), ask an
// online listing to show beside each pack it sells: ₹ per g, per ml or per capsule/tablet/gummy (a kit:
// per pack inside it, each declared with its own net quantity).
// Pure, so the product page, its JSON-LD and the tests read the same figure.

/** How a pack's net quantity is counted: a mass, a volume, or a number of pieces. */
export const NET_QUANTITY_UNITS = ['g', 'ml', 'capsules', 'tablets', 'gummies', 'packs'] as const;
export type NetQuantityUnit = (typeof NET_QUANTITY_UNITS)[number];

const SINGULAR: Record<NetQuantityUnit, string> = {
  g: 'g',
  ml: 'ml',
  capsules: 'capsule',
  tablets: 'tablet',
  gummies: 'gummy',
  packs: 'pack',
};

/** UN/CEFACT common codes for schema.org's unitCode: gram, millilitre, piece. */
const UNIT_CODE: Record<NetQuantityUnit, string> = {
  g: 'GRM',
  ml: 'MLT',
  capsules: 'H87',
  tablets: 'H87',
  gummies: 'H87',
  packs: 'H87',
};

export const isNetQuantityUnit = (value: string): value is NetQuantityUnit =>
  (NET_QUANTITY_UNITS as readonly string[]).includes(value);

/** '20 g', '60 capsules', '1 capsule'. */
export function netQuantityLabel(quantity: number, unit: NetQuantityUnit): string {
  return `${quantity.toLocaleString('en-IN')} ${quantity === 1 ? SINGULAR[unit] : unit}`;
}

/** 'g', 'ml', 'capsule': what one unit of the price is for. */
export const unitName = (unit: NetQuantityUnit) => SINGULAR[unit];
export const unitCode = (unit: NetQuantityUnit) => UNIT_CODE[unit];

export interface PackPrice {
  months: number;
  label: string;
  price: number;
  packs: number;
}

export interface UnitSalePrice extends PackPrice {
  /** Net quantity sold at this price: packs × net quantity per pack. */
  units: number;
  /** Paise per unit, rounded to the nearest paisa. */
  paisePerUnit: number;
}

/**
 * The unit sale price of every pack choice: its price (whole rupees, all packs together) ÷ (packs × net
 * quantity per pack). A 2-month plan at ₹1,898 of two 20 g packs is ₹1,898 ÷ 40 g = ₹47.45 per g.
 */
export function unitSalePrices(choices: readonly PackPrice[], netQuantity: number): UnitSalePrice[] {
  if (!Number.isInteger(netQuantity) || netQuantity < 1)
    throw new RangeError('net quantity must be a positive whole number');
  return choices.map((choice) => {
    const units = choice.packs * netQuantity;
    return { ...choice, units, paisePerUnit: Math.round((choice.price * 100) / units) };
  });
}

/** '₹49.95 per g', '₹9.98 per capsule'. */
export function unitPriceLabel(paisePerUnit: number, unit: NetQuantityUnit): string {
  return `₹${(paisePerUnit / 100).toFixed(2)} per ${SINGULAR[unit]}`;
}
