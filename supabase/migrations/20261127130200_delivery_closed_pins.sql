-- PIN codes the desk has closed to delivery (issue 24 part 8; docs/decisions/0113-pin-codes-closed-to-delivery.md):
-- the PIN check says "We can't take orders to this PIN yet" and the checkout and address book refuse them,
-- whatever the payment. Beside cod_blocked_pins (closed to cash on delivery only).
create table delivery_closed_pins (
  pin text primary key check (pin ~ '^[1-9][0-9]{5}$'),
  note text not null default '' check (length(note) <= 200),
  created_at timestamptz not null default now()
);
