/** Whole-rupee display, e.g. 1499 → "₹1,499" (Indian digit grouping). */
export function formatRupees(amount: number): string {
  return `₹${Math.round(amount).toLocaleString('en-IN')}`;
}

/** Paise as rupees, with the paise only when there are some: 27450 → "₹274.50", 27500 → "₹275". */
export function formatPaiseAsRupees(paise: number): string {
  const whole = `₹${Math.floor(paise / 100).toLocaleString('en-IN')}`;
  return paise % 100 === 0 ? whole : `${whole}.${String(paise % 100).padStart(2, '0')}`;
}

/** A rupee amount as typed ("274.50", "275", "₹1,275.5") in paise, or null when it is not one. */
export function parseRupeesToPaise(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^₹\s*/, '').replaceAll(',', ''));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}
