-- Webhook payloads kept before src/features/payments/event-payload.ts cut them down: each entity keeps
-- its ids, amounts and states only (the same keys), never the payer's email, phone, UPI ID or card.
update payment_events set payload = (
  select coalesce(jsonb_object_agg(name, jsonb_build_object('entity', (
    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
    from jsonb_each(item -> 'entity')
    where key in ('id', 'entity', 'amount', 'amount_paid', 'amount_due', 'amount_refunded', 'currency', 'status',
      'method', 'captured', 'refund_status', 'order_id', 'payment_id', 'invoice_id', 'receipt', 'reference_id',
      'error_code', 'error_reason', 'created_at')
  ))), '{}'::jsonb)
  from jsonb_each(payload) as p(name, item)
  where jsonb_typeof(item -> 'entity') = 'object'
)
where jsonb_typeof(payload) = 'object';
