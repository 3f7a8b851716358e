// Regimen kits (docs/decisions/0102-regimen-kits.md): a product made of other products. A kit keeps no
// stock of its own: one pack of it takes `quantity` packs of each component. These are the rules every
// stock step uses (the checkout takes packs, a cancellation gives them back, a shipment takes them from
// batches, the batch balance counts those promised); the database's view product_availability is the
// same availability rule in SQL. Pure.

export const MAX_KIT_COMPONENTS = 6;
export const MAX_COMPONENT_QUANTITY = 10;

export interface KitPart {
  productId: number;
  name: string;
  /** Packs of this product in one pack of the kit. */
  quantity: number;
}

/** Packs of a kit that can be sold: for each component, its packs over the packs one kit takes, the least. */
export function kitAvailable(parts: readonly { stock: number; quantity: number }[]): number {
  if (!parts.length) return 0;
  return Math.min(...parts.map((p) => Math.floor(Math.max(0, p.stock) / p.quantity)));
}

export interface StockLine {
  productId: number;
  name: string;
  months: number;
  quantity: number;
  /** A kit's contents (none: an ordinary product, which gives up its own packs). */
  parts?: readonly KitPart[] | null;
}

export interface ProductPacks<L> {
  productId: number;
  /** The product's own name (a component's, not the kit's). */
  name: string;
  packs: number;
  /** Which lines need these packs, and how many each. */
  lines: { line: L; packs: number }[];
}

/**
 * The packs each product gives up for these lines (monthly packs: a 3-month plan takes 3 per unit; a
 * kit takes its components' packs instead of its own), in product order so that two transactions
 * taking or locking the same rows never wait on each other in a circle.
 */
export function packsByProduct<L extends StockLine>(lines: readonly L[]): ProductPacks<L>[] {
  const byProduct = new Map<number, ProductPacks<L>>();
  const add = (productId: number, name: string, line: L, packs: number) => {
    const entry = byProduct.get(productId) ?? { productId, name, packs: 0, lines: [] };
    entry.packs += packs;
    entry.lines.push({ line, packs });
    byProduct.set(productId, entry);
  };
  for (const line of lines) {
    const units = line.months * line.quantity;
    if (line.parts?.length) for (const part of line.parts) add(part.productId, part.name, line, units * part.quantity);
    else add(line.productId, line.name, line, units);
  }
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

export const KIT_MESSAGES = {
  self: 'A kit cannot contain itself.',
  nested: (name: string) => `${name} is a kit: a kit holds products, never another kit.`,
  isComponent: (kits: string) =>
    `This product is part of ${kits}: a product inside a kit cannot become a kit itself. Nothing was changed.`,
  unknown: 'Choose each product of the kit from the list.',
  duplicate: (name: string) => `${name} is chosen twice: give it once with the number of packs.`,
  quantity: `Give each product’s packs in one kit as a whole number from 1 to ${MAX_COMPONENT_QUANTITY}.`,
  tooFew: 'A kit holds at least two products (or two packs of one): add its contents.',
  tooMany: `A kit holds at most ${MAX_KIT_COMPONENTS} products.`,
  archived: (name: string) => `${name} is archived: put it back on the storefront before adding it to a kit.`,
  inKit: (kits: string) =>
    `This product is part of ${kits}: take it out of ${kits.includes(',') ? 'those kits' : 'that kit'} first. Nothing was changed.`,
} as const;

/** The contents as one line, for invoices and the desk: 'Ashwagandha × 1, Deep Sleep × 2'. */
export const kitContentsText = (parts: readonly Pick<KitPart, 'name' | 'quantity'>[]) =>
  parts.map((p) => `${p.name} × ${p.quantity}`).join(', ');
