// What a webhook event's payload keeps (DPDP: no personal data the store does not need). Razorpay's
// entities carry the payer's email, phone, UPI ID, card digits and the link's customer; processing needs
// only ids, amounts and states, so each entity keeps those keys and nothing else, before it is stored.
// The same list redacted the payloads stored before (supabase/migrations/20261128050100_*.sql).
const KEPT_ENTITY_KEYS = new Set([
  'id',
  'entity',
  'amount',
  'amount_paid',
  'amount_due',
  'amount_refunded',
  'currency',
  'status',
  'method',
  'captured',
  'refund_status',
  'order_id',
  'payment_id',
  'invoice_id',
  'receipt',
  'reference_id',
  'error_code',
  'error_reason',
  'created_at',
]);

type Payload = Record<string, { entity: Record<string, unknown> }>;

/** The payload with each entity cut down to its ids, amounts and states. */
export function withoutPayerFields(payload: Payload): Payload {
  return Object.fromEntries(
    Object.entries(payload).map(([name, { entity }]) => [
      name,
      { entity: Object.fromEntries(Object.entries(entity).filter(([key]) => KEPT_ENTITY_KEYS.has(key))) },
    ]),
  );
}
