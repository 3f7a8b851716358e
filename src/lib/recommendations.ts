// Recommendation rule (spec §7): products whose category contains the given one (case-insensitive),
// excluding the current product, up to the limit; then fill with other products, de-duplicated by id.
export const RECOMMENDATION_LIMIT = 4;
export const EMPTY_CART_RECOMMENDATION_LIMIT = 2;

export function fillRecommendations<T extends { id: number }>(
  matching: T[],
  others: T[],
  currentId: number | null,
  limit = RECOMMENDATION_LIMIT,
): T[] {
  const chosen: T[] = [];
  const seen = new Set<number>(currentId == null ? [] : [currentId]);
  for (const candidate of [...matching, ...others]) {
    if (chosen.length >= limit) break;
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    chosen.push(candidate);
  }
  return chosen;
}

/** 'Frequently bought together' on a product page: this many products… */
export const BOUGHT_TOGETHER_LIMIT = 3;
/** …each found with the product in at least this many orders (fewer: the same category fills the strip). */
export const MIN_ORDERS_TOGETHER = 2;
