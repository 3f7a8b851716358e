// Subscription plan pricing (spec §9): plan 1 = discount_price; plans 2–4 = the product's
// subscription_plans amounts in id order; MRP = price × months; displayed = per-pack × months.

export interface PlanRow { id: number; label: string; amount: number; months: number }

export interface PlanOption {
  index: number;            // 0–3
  months: number;
  label: string;            // '{n} month(s)'
  perPack: number;          // ₹/pack
  displayed: number;        // perPack × months
  mrp: number;              // price × months
  savePercent: number;      // rounded
  showSaveBadge: boolean;   // plans after the first, when above 0
}

export const monthsLabel = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

export function buildPlanOptions(
  product: { price: number; discountPrice: number | null },
  plans: PlanRow[],
): PlanOption[] {
  const ordered = [...plans].sort((a, b) => a.id - b.id);
  const firstPerPack = product.discountPrice ?? product.price;
  const options: PlanOption[] = [];
  for (let index = 0; index < 4; index++) {
    const months = index + 1;
    const perPack = index === 0 ? firstPerPack : ordered[index]?.amount;
    if (perPack == null) break;
    const displayed = perPack * months;
    const mrp = product.price * months;
    const savePercent = mrp > 0 ? Math.round(((mrp - displayed) / mrp) * 100) : 0;
    options.push({
      index, months, label: monthsLabel(months), perPack, displayed, mrp, savePercent,
      showSaveBadge: index > 0 && savePercent > 0,
    });
  }
  return options;
}
