-- Regimen kits (docs/decisions/0102-regimen-kits.md): a product made of other products, with its own
-- price, plans and declarations but no stock of its own. Its packs are its components' packs.

-- What a kit holds: each component and how many of its packs go into one pack of the kit.
create table product_kit_components (
  kit_id integer not null references products(id) on delete cascade,
  -- A product inside a kit cannot be deleted (archived, it stays a product; the desk refuses that too).
  component_id integer not null references products(id) on delete restrict,
  quantity integer not null check (quantity between 1 and 10),
  constraint product_kit_components_pkey primary key (kit_id, component_id),
  constraint product_kit_components_not_itself check (kit_id <> component_id)
);
create index product_kit_components_component_idx on product_kit_components (component_id);

-- A kit holds products, never another kit: no product is both a kit and a component. Checked under one
-- lock, so two desks making A a kit of B and B a kit of C at once cannot both succeed.
create function refuse_nested_kits() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('product_kit_components'));
  if exists (select 1 from product_kit_components where kit_id = new.component_id)
     or exists (select 1 from product_kit_components where component_id = new.kit_id) then
    raise exception 'a kit cannot contain another kit, nor be part of one' using errcode = '23514',
      constraint = 'product_kit_components_no_nesting';
  end if;
  return new;
end $$;
create trigger product_kit_components_no_nesting before insert or update on product_kit_components
  for each row execute function refuse_nested_kits();

-- The one stock rule in SQL: what can be sold of each product, in packs. A product's own sellable
-- packs; a kit's: for each component, its sellable packs over the packs one kit takes (rounded down),
-- the least of these (an archived component makes the kit unavailable).
create view product_availability as
select p.id as product_id,
  case when k.kit_id is null then coalesce(s.quantity, 0) else k.available end as available,
  k.kit_id is not null as is_kit
from products p
left join product_stock s on s.product_id = p.id
left join (
  select c.kit_id,
    min(case when cp.archived_at is null then coalesce(cs.quantity, 0) / c.quantity else 0 end)::int as available
  from product_kit_components c
  join products cp on cp.id = c.component_id
  left join product_stock cs on cs.product_id = c.component_id
  group by c.kit_id
) k on k.kit_id = p.id;

-- An ordered kit's contents as they were when it was ordered (the desk may change the kit later):
-- the packs of each component one kit took. Cancelling gives these back; shipping takes them from batches.
create table order_line_components (
  order_line_id integer not null references order_lines(id) on delete cascade,
  product_id integer not null references products(id) on delete restrict,
  name text not null,
  quantity integer not null check (quantity between 1 and 10),
  constraint order_line_components_pkey primary key (order_line_id, product_id)
);
create index order_line_components_product_idx on order_line_components (product_id);

-- Kit contents are catalogue: a change purges the cached pages.
create trigger product_kit_components_changed after insert or update or delete on product_kit_components
  for each statement execute function notify_catalog_changed();

-- A component's stock moves the kit's availability too: purge the page of each kit holding it when
-- what that kit's page shows may change ('Only 3 left', 'Out of stock', at or below LOW_STOCK = 5).
create or replace function notify_stock_changed() returns trigger language plpgsql as $$
declare
  kit record;
begin
  if least(old.quantity, new.quantity) <= 5 then
    perform pg_notify('catalog_changed', 'product:' || new.product_id);
  end if;
  for kit in select kit_id, quantity from product_kit_components where component_id = new.product_id loop
    if least(old.quantity, new.quantity) / kit.quantity <= 5 then
      perform pg_notify('catalog_changed', 'product:' || kit.kit_id);
    end if;
  end loop;
  return null;
end $$;

-- A kit's net quantity is counted in the packs it holds (each declared with its own net quantity in
-- the kit's contents): Legal Metrology's number of pieces, like capsules.
alter table products drop constraint products_net_quantity_unit_check;
alter table products add constraint products_net_quantity_unit_check
  check (net_quantity_unit in ('g', 'ml', 'capsules', 'tablets', 'gummies', 'packs'));
