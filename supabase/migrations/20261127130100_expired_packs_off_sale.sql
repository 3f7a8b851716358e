-- The nightly sweep that takes packs past the shelf-life line off sale (issue 24; docs/decisions/
-- 0112-expired-packs-off-sale.md): their packs leave the sellable total and the batch's remaining packs
-- and are counted here, still on the shelf until staff destroy them or send them back to the maker.
alter table stock_batches add column off_sale integer not null default 0
  constraint stock_batches_off_sale_check check (off_sale >= 0 and off_sale + remaining <= received);
alter table stock_batches add column off_sale_at timestamptz;
