-- One cart and one price (docs/decisions: the server-side cart record).
-- 1. Catalogue money in whole rupees, like orders: prices are shown rounded to whole rupees (spec §9),
--    and one unit everywhere means the drawer, checkout, order and mail can never disagree by a paisa.
--    A discount price is only ever below the MRP (the spec's "discount only below price" rule, held here).
alter table products alter column price type integer using round(price)::integer;
alter table products alter column discount_price type integer using round(discount_price)::integer;
update products set discount_price = null where discount_price > price;
alter table products add constraint products_discount_below_mrp check (discount_price is null or discount_price <= price);
alter table subscription_plans alter column amount type integer using round(amount)::integer;

-- 2. Discount codes are rows (save10 was a constant in the code).
create table discount_codes (
  code text primary key check (code = lower(code) and code ~ '^[a-z0-9_-]{2,32}$'),
  kind text not null check (kind in ('percent', 'fixed')),
  value integer not null check (value > 0 and (kind = 'fixed' or value <= 100)),  -- percent, or whole rupees
  min_subtotal integer not null default 0 check (min_subtotal >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or ends_at > starts_at)
);
insert into discount_codes (code, kind, value) values ('save10', 'percent', 10);

-- 3. The cart lives on the server: one row per shopper, found by an HttpOnly cookie (guests) or the
--    account (user_id). `revision` grows with every change, so a browser can tell its copy is stale.
create table carts (
  id uuid primary key default gen_random_uuid(),
  user_id text unique references "user"(id) on delete cascade,
  code text check (code is null or length(code) between 1 and 64),   -- the discount code the shopper applied
  revision integer not null default 0 check (revision >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Abandoned guest carts can be pruned by age.
create index carts_guest_updated_idx on carts (updated_at) where user_id is null;

create table cart_lines (
  cart_id uuid not null references carts(id) on delete cascade,
  product_id integer not null references products(id) on delete cascade,
  months integer not null check (months between 1 and 4),
  quantity integer not null check (quantity between 1 and 999),
  added_at timestamptz not null default now(),
  primary key (cart_id, product_id, months)
);

-- The accounts' saved carts (a JSON copy of the browser's) become server carts.
insert into carts (user_id, updated_at)
  select user_id, updated_at from saved_carts where jsonb_array_length(items) > 0;
insert into cart_lines (cart_id, product_id, months, quantity)
  select c.id, (i->>'productId')::integer, coalesce((i->>'subscriptionDurationMonths')::integer, 1), least(sum((i->>'quantity')::integer), 999)
  from saved_carts s
  join carts c on c.user_id = s.user_id
  cross join lateral jsonb_array_elements(s.items) as i
  where (i->>'productId') ~ '^[0-9]{1,9}$' and (i->>'quantity') ~ '^[0-9]{1,3}$' and (i->>'quantity')::integer >= 1
    and coalesce(i->>'subscriptionDurationMonths', '1') ~ '^[1-4]$'
    and exists (select 1 from products p where p.id = (i->>'productId')::integer)
  group by c.id, (i->>'productId')::integer, coalesce((i->>'subscriptionDurationMonths')::integer, 1);
drop table saved_carts;
