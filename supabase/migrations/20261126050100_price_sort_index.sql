-- The price sorts' index was built while prices were numeric (20261123000100); since prices became
-- integers (20261124000100) its expression keeps numeric casts and no longer matches the listing's
-- ORDER BY, so 'Price: Low to High' read and sorted every product. Rebuilt on the integer expression,
-- one per direction (the sorts break ties by id ascending either way), for products on sale only.
drop index if exists products_price_idx;
create index products_price_idx on products ((least(coalesce(discount_price, price), price)), id) where archived_at is null;
create index products_price_desc_idx on products ((least(coalesce(discount_price, price), price)) desc, id) where archived_at is null;
