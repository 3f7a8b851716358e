-- Each server process may keep catalogue reads in its memory (src/features/catalog/catalogue-memo.server.ts)
-- for as long as this version stands. Every change that tells the processes to purge their route
-- caches (NOTIFY 'catalog_changed', migration 20261125050100 and later) now also bumps the version in
-- the same transaction, so a process that reads the version after the change committed sees it,
-- whichever process (or SQL console) made it, and whether or not its NOTIFY has arrived.
create table catalogue_version (
  id boolean primary key default true check (id),
  version bigint not null default 0
);
insert into catalogue_version default values;

create function catalogue_changed(tag text) returns void language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  perform pg_notify('catalog_changed', tag);
end $$;

create or replace function notify_catalog_changed() returns trigger language plpgsql as $$
begin
  perform catalogue_changed('catalog');
  return null;
end $$;

create or replace function notify_reviews_changed() returns trigger language plpgsql as $$
begin
  if (tg_op <> 'INSERT' and old.status = 'approved') or (tg_op <> 'DELETE' and new.status = 'approved') then
    perform catalogue_changed('catalog');
  end if;
  return null;
end $$;

create or replace function notify_stock_changed() returns trigger language plpgsql as $$
declare
  kit record;
begin
  if least(old.quantity, new.quantity) <= 5 then
    perform catalogue_changed('product:' || new.product_id);
  end if;
  for kit in select kit_id, quantity from product_kit_components where component_id = new.product_id loop
    if least(old.quantity, new.quantity) / kit.quantity <= 5 then
      perform catalogue_changed('product:' || kit.kit_id);
    end if;
  end loop;
  return null;
end $$;
