// Server-side cart pricing: every number a shopper pays comes from the database, never the browser.
// The drawer shows these numbers; checkout reuses priceCart so both always agree.
import { getPlans, getPricing } from '../catalog/catalog.server';
import { cartItemId } from '../../lib/cart';
import { applyDiscountCode } from '../../lib/discount';
import { buildPlanOptions } from '../../lib/plans';
import { parsePriceRequest, type CartLineInput, type PricedCart, type PricedLine } from './cart.schema';

export class InvalidCartError extends Error {}

const toPaise = (amount: number) => Math.round(amount * 100) / 100;

/** Prices cart lines the way the product page does (plan price × quantity) and applies a discount code. */
export async function priceCart(items: CartLineInput[], code?: string): Promise<PricedCart> {
  // Validated here too, so every caller (API route, checkout) gets the same guarantees.
  const parsed = parsePriceRequest({ items, code });
  if (!parsed.ok) throw new InvalidCartError(parsed.message);
  const request = parsed.data;

  const productIds = [...new Set(request.items.map((i) => i.productId))];
  const [products, plans] = await Promise.all([getPricing(productIds), Promise.all(productIds.map(getPlans))]);
  const productsById = new Map(products.map((p) => [p.id, p]));
  const optionsById = new Map(productIds.map((id, i) => {
    const product = productsById.get(id);
    return [id, product ? buildPlanOptions(product, plans[i]) : []];
  }));

  const lines: PricedLine[] = [];
  const dropped: PricedCart['dropped'] = [];
  for (const { productId, months, quantity } of request.items) {
    const product = productsById.get(productId);
    const option = optionsById.get(productId)?.find((o) => o.months === months);
    if (!product || !option) {
      const note = product ? `The ${months}-month plan of ${product.name} is no longer available.` : `Product ${productId} is no longer available.`;
      dropped.push({ productId, months, note });
      continue;
    }
    lines.push({
      id: cartItemId(productId, months), productId, months, quantity, name: product.name,
      unitPrice: option.displayed, lineTotal: toPaise(option.displayed * quantity),
    });
  }

  const subtotal = toPaise(lines.reduce((sum, l) => sum + l.lineTotal, 0));
  const priced: PricedCart = { lines, subtotal, discount: null, total: subtotal, dropped };
  // No code (or a blank one) simply means no discount; any other unknown code is reported.
  if (!request.code?.trim()) return priced;
  const result = applyDiscountCode(request.code, subtotal);
  if (!result.ok) return { ...priced, message: result.message };
  return { ...priced, discount: { code: result.code, percent: result.percent, amount: result.amount }, total: result.total };
}
