-- The prepaid offer and cash on delivery that does not bleed (issue 19 part 4; decision 0083): one row of
-- payment settings the desk edits (the online-payment offer, the largest order cash on delivery takes),
-- the PIN codes the desk closes to cash on delivery, what the offer took off each order, the customer's
-- own confirmation of a cash-on-delivery order through the link in its mail, and "pay now instead" (a
-- cash-on-delivery order switched to paying online, back to cash on delivery if the payment never comes).

create table payment_settings (
  id boolean primary key default true check (id),
  -- none, percent (value % off the goods after the order's offer, at most cap rupees) or flat (value rupees off).
  prepaid_offer text not null default 'percent' check (prepaid_offer in ('none', 'percent', 'flat')),
  prepaid_value integer not null default 5 check (prepaid_value >= 0),
  prepaid_cap integer check (prepaid_cap > 0),
  -- Cash on delivery only for orders up to this total (rupees); null: any total.
  cod_max_total integer check (cod_max_total > 0),
  updated_at timestamptz not null default now(),
  constraint payment_settings_percent check (prepaid_offer <> 'percent' or prepaid_value between 1 and 50)
);
insert into payment_settings (prepaid_offer, prepaid_value, prepaid_cap, cod_max_total) values ('percent', 5, 100, null);

create table cod_blocked_pins (
  pin text primary key check (pin ~ '^[1-9][0-9]{5}$'),
  note text not null default '' check (length(note) <= 200),
  created_at timestamptz not null default now()
);

alter table orders
  add column prepaid_discount integer not null default 0 check (prepaid_discount >= 0);

alter domain order_move drop constraint order_move_check;
alter domain order_move add constraint order_move_check check (value in
  ('place', 'place_online', 'pay', 'expire_payment', 'switch_to_online', 'return_to_cod', 'confirm',
   'confirm_by_customer', 'ship', 'out_for_delivery', 'deliver', 'cancel_by_customer', 'cancel_by_staff',
   'request_return', 'accept_return', 'decline_return', 'receive_return', 'refund'));
