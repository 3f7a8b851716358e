// What one product costs (spec §9): the pack price and the four subscription plans. Pure, so the
// product page, the cards and the cart quote (quote.ts) read the same numbers. Whole rupees.

export interface PlanRow {
  id: number;
  label: string;
  amount: number;
  months: number;
}

export interface PlanOption {
  index: number; // 0–3
  months: number;
  label: string; // '{n} month(s)'
  perPack: number; // ₹/pack
  displayed: number; // perPack × months
  mrp: number; // price × months
  savePercent: number; // rounded
  showSaveBadge: boolean; // plans after the first, when above 0
}

export const MAX_PLAN_MONTHS = 4;

export const monthsLabel = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

/** A discounted price applies only if it exists and is below the price (the database also holds it to that). */
export function effectivePrice(
  price: number,
  discountPrice: number | null | undefined,
): {
  current: number;
  original: number | null;
  savings: number;
  savingsPercent: number;
} {
  if (discountPrice != null && discountPrice < price) {
    return {
      current: discountPrice,
      original: price,
      savings: price - discountPrice,
      savingsPercent: price > 0 ? Math.round(((price - discountPrice) / price) * 100) : 0,
    };
  }
  return { current: price, original: null, savings: 0, savingsPercent: 0 };
}

/** Plan 1 = the pack price; plans 2–4 = the product's subscription_plans amounts in id order; MRP = price × months. */
export function buildPlanOptions(
  product: { price: number; discountPrice: number | null },
  plans: PlanRow[],
): PlanOption[] {
  const ordered = [...plans].sort((a, b) => a.id - b.id);
  const firstPerPack = effectivePrice(product.price, product.discountPrice).current;
  const options: PlanOption[] = [];
  for (let index = 0; index < MAX_PLAN_MONTHS; index++) {
    const months = index + 1;
    const perPack = index === 0 ? firstPerPack : ordered[index]?.amount;
    if (perPack == null) break;
    const displayed = perPack * months;
    const mrp = product.price * months;
    const savePercent = mrp > 0 ? Math.round(((mrp - displayed) / mrp) * 100) : 0;
    options.push({
      index,
      months,
      label: monthsLabel(months),
      perPack,
      displayed,
      mrp,
      savePercent,
      showSaveBadge: index > 0 && savePercent > 0,
    });
  }
  return options;
}
