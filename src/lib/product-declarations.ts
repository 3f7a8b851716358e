// What a product must declare before it is sold (Legal Metrology (Packaged Commodities) Rules 2011,
// rule 6(10)/(11); FSSAI labelling for health supplements; the AYUSH licence for Ayurvedic medicines),
// and the licence rules per kind. Pure: the catalogue desk's publish rule and the product page share it.
import type { NetQuantityUnit } from './unit-price';

/** A health supplement (FSSAI) or an Ayurvedic medicine (AYUSH manufacturing licence). */
export const PRODUCT_KINDS = ['supplement', 'ayurvedic_medicine'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const isProductKind = (value: string): value is ProductKind =>
  (PRODUCT_KINDS as readonly string[]).includes(value);

export const KIND_LABELS: Record<ProductKind, string> = {
  supplement: 'Health supplement (FSSAI)',
  ayurvedic_medicine: 'Ayurvedic medicine (AYUSH)',
};

/** An FSSAI licence or registration number is 14 digits. */
export const FSSAI_LICENCE = /^\d{14}$/;
/** AYUSH manufacturing licences are issued by each state in its own style (e.g. UA/AYUR-112/2015, 25D/12/2019). */
export const AYUSH_LICENCE = /^[A-Z0-9][A-Z0-9 ./-]{2,39}$/;

export const licenceName = (kind: ProductKind) =>
  kind === 'supplement' ? 'FSSAI licence number' : 'AYUSH manufacturing licence number';

export function isValidLicence(kind: ProductKind, licence: string): boolean {
  return kind === 'supplement' ? FSSAI_LICENCE.test(licence) : AYUSH_LICENCE.test(licence);
}

export interface Declarations {
  kind: ProductKind;
  commonName: string | null;
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  packerName: string | null;
  packerAddress: string | null;
  netQuantity: number | null;
  netQuantityUnit: NetQuantityUnit | null;
  countryOfOrigin: string | null;
  bestBeforeMonths: number | null;
  licenceNumber: string | null;
  dailyUsage: string | null;
}

/** The declarations a product on sale must have, in form order, with what the desk says when one is missing. */
export const REQUIRED_DECLARATIONS = [
  ['commonName', 'Enter the common or generic name, e.g. Ashwagandha root extract capsules.'],
  ['manufacturerName', 'Enter the manufacturer’s name.'],
  ['manufacturerAddress', 'Enter the manufacturer’s full address.'],
  ['netQuantity', 'Enter the net quantity per pack, e.g. 60 (capsules) or 20 (g).'],
  ['netQuantityUnit', 'Choose the unit of the net quantity: g, ml, capsules, tablets, gummies or packs (a kit).'],
  ['countryOfOrigin', 'Enter the country of origin, e.g. India.'],
  ['bestBeforeMonths', 'Enter the best before period in months from manufacture.'],
  ['licenceNumber', 'Enter the licence number: FSSAI (14 digits) for a supplement, AYUSH for an Ayurvedic medicine.'],
  ['dailyUsage', 'Enter the recommended daily usage, e.g. 1 capsule twice a day after meals.'],
] as const satisfies readonly (readonly [keyof Declarations, string])[];

export type RequiredDeclaration = (typeof REQUIRED_DECLARATIONS)[number][0];

/** Each missing declaration with its message; empty when the product may be on sale. */
export function missingDeclarations(
  product: { [K in RequiredDeclaration]?: Declarations[K] },
): Partial<Record<RequiredDeclaration, string>> {
  const missing: Partial<Record<RequiredDeclaration, string>> = {};
  for (const [name, message] of REQUIRED_DECLARATIONS) {
    const value = product[name];
    if (value == null || value === '') missing[name] = `${message} A product cannot be on sale without it.`;
  }
  return missing;
}
