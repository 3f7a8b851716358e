/** Whole-rupee display, e.g. 1499 → "₹1,499" (Indian digit grouping). */
export function formatRupees(amount: number): string {
  return `₹${Math.round(amount).toLocaleString('en-IN')}`;
}

/** A discounted price applies only if it exists and is below the price. */
export function effectivePrice(price: number, discountPrice: number | null | undefined): {
  current: number; original: number | null; savings: number; savingsPercent: number;
} {
  if (discountPrice != null && discountPrice < price) {
    return {
      current: discountPrice, original: price, savings: Math.round(price - discountPrice),
      savingsPercent: price > 0 ? Math.round(((price - discountPrice) / price) * 100) : 0,
    };
  }
  return { current: price, original: null, savings: 0, savingsPercent: 0 };
}
