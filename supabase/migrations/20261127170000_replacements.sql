-- Replacements (docs/decisions/0104-replacements.md): a return asks for a refund or for a replacement of
-- the same product and plan; the desk sends the replacement from stock (batches within the shelf-life
-- line) with a courier and tracking number, or switches the return to a refund when it cannot.

-- 1. What the customer asked for, and the replacement sent.
alter table returns
  add column resolution text not null default 'refund' check (resolution in ('refund', 'replacement')),
  add column replaced_at timestamptz,
  -- A replacement that could not be sent (out of stock) and was switched to a refund, and when.
  add column switched_to_refund_at timestamptz,
  -- The history row of the "Replacement Shipped" move: its courier and tracking number, like a shipment's.
  add column replacement_history_id integer references order_status_history(id) on delete set null;
alter table returns drop constraint returns_status_check;
alter table returns add constraint returns_status_check
  check (status in ('requested', 'accepted', 'declined', 'received', 'refunded', 'replaced'));
alter table returns drop constraint returns_received;
alter table returns add constraint returns_received
  check ((status in ('received', 'refunded', 'replaced')) = (received_at is not null));
alter table returns add constraint returns_replaced
  check ((status = 'replaced') = (replaced_at is not null) and (status <> 'replaced' or (resolution = 'replacement' and refund_paise is null)));
alter table returns add constraint returns_refunded_resolution check (status <> 'refunded' or resolution = 'refund');
alter table returns add constraint returns_switched_to_refund check (switched_to_refund_at is null or resolution = 'refund');

-- 2. The moves.
alter domain order_move drop constraint order_move_check;
alter domain order_move add constraint order_move_check check (value in
  ('place', 'place_online', 'pay', 'expire_payment', 'switch_to_online', 'return_to_cod', 'confirm',
   'confirm_by_customer', 'ship', 'out_for_delivery', 'deliver', 'cancel_by_customer', 'cancel_by_staff',
   'request_return', 'accept_return', 'decline_return', 'receive_return', 'refund', 'send_replacement',
   'switch_to_refund'));

-- 3. The batches each replacement's packs left from (a recall finds them as it finds shipped orders').
create table replacement_batches (
  return_id integer not null references returns(id) on delete cascade,
  order_line_id integer not null references order_lines(id) on delete cascade,
  batch_id integer not null references stock_batches(id) on delete restrict,
  packs integer not null check (packs > 0),
  constraint replacement_batches_pkey primary key (return_id, order_line_id, batch_id)
);
create index replacement_batches_batch_idx on replacement_batches (batch_id);
