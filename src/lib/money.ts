/** Whole-rupee display, e.g. 1499 → "₹1,499" (Indian digit grouping). */
export function formatRupees(amount: number): string {
  return `₹${Math.round(amount).toLocaleString('en-IN')}`;
}
