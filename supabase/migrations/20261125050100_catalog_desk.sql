-- The catalogue back office (/admin/products, /admin/categories, /admin/wellness).
-- 1. Archive instead of delete: order lines keep pointing at the product; the storefront hides it.
alter table products add column archived_at timestamptz;
create index products_live_idx on products (id) where archived_at is null;

-- 2. FAQs and media are put in order by staff (the spec reads FAQs by id: position then id keeps that for the seed).
alter table product_faqs add column position integer not null default 0;
update product_faqs set position = id;
drop index product_faqs_product_idx;
create index product_faqs_product_idx on product_faqs (product_id, position, id);
alter table product_faqs add constraint product_faqs_text_present check (length(btrim(question)) > 0 and length(btrim(answer)) > 0);

-- Uploaded media live in the store's storage (served under /media/product_images/…); the seed's
-- art is in public/product_images (served as it is).
alter table product_media add column stored boolean not null default false;

-- 3. The wellness goals of /shop-by-wellness (spec §3 'Wellness category config'): the five keys are
--    fixed (they are URL hashes); copy, imagery and the linked category are staff's to change.
create table wellness_goals (
  key text primary key check (key in ('energy', 'gut', 'metabolic', 'immunity', 'mind')),
  code text not null references categories(name) on update cascade,
  name text not null check (length(btrim(name)) > 0),
  badge text not null default '',
  description text not null default '',
  headline text not null default '',
  image text not null default '',
  position integer not null default 0
);
insert into categories (name, value, position) values
  ('ENERGY_VITALITY', 'Energy & Vitality', 0), ('GUT_DIGESTIVE_HARMONY', 'Gut & Digestive Harmony', 1),
  ('METABOLIC_WELLNESS', 'Metabolic Wellness', 2), ('IMMUNITY_INFLAMMATION', 'Immunity & Inflammation', 3),
  ('MIND_MOOD', 'Mind & Mood', 4)
  on conflict (name) do nothing;
insert into wellness_goals (key, code, name, badge, description, headline, image, position) values
  ('energy', 'ENERGY_VITALITY', 'Energy & Vitality', 'Stamina', 'Time-honoured rasayanas such as shilajit and ashwagandha that support steady, everyday energy.', 'Rise with steady, natural energy', '/banners/wellness-energy.svg', 0),
  ('gut', 'GUT_DIGESTIVE_HARMONY', 'Gut & Digestive Harmony', 'Agni', 'Triphala and classic digestive herbs that support comfortable digestion and regularity.', 'Kindle your agni, gently', '/banners/wellness-gut.svg', 1),
  ('metabolic', 'METABOLIC_WELLNESS', 'Metabolic Wellness', 'Balance', 'Gymnema, jamun and fenugreek, traditionally used to support healthy metabolism and balanced glucose.', 'Support balance, meal after meal', '/banners/wellness-metabolic.svg', 2),
  ('immunity', 'IMMUNITY_INFLAMMATION', 'Immunity & Inflammation', 'Defence', 'Turmeric, giloy and amla that support the body’s natural defences through the seasons.', 'Everyday resilience, rooted in tradition', '/banners/wellness-immunity.svg', 3),
  ('mind', 'MIND_MOOD', 'Mind & Mood', 'Calm', 'Adaptogens and calming herbs that support a settled mind, focus and restful sleep.', 'A calmer mind, a deeper rest', '/banners/wellness-mind.svg', 4);

-- 4. Every server process keeps catalogue pages in its own route cache. Any change to the catalogue,
--    whoever makes it (the desk, a SQL console), tells every process on commit through NOTIFY; each
--    listens on 'catalog_changed' and purges the cache tag named in the payload.
create function notify_catalog_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('catalog_changed', 'catalog');
  return null;
end $$;

create trigger products_changed after insert or update or delete on products for each statement execute function notify_catalog_changed();
create trigger categories_changed after insert or update or delete on categories for each statement execute function notify_catalog_changed();
create trigger product_categories_changed after insert or update or delete on product_categories for each statement execute function notify_catalog_changed();
create trigger subscription_plans_changed after insert or update or delete on subscription_plans for each statement execute function notify_catalog_changed();
create trigger product_faqs_changed after insert or update or delete on product_faqs for each statement execute function notify_catalog_changed();
create trigger product_media_changed after insert or update or delete on product_media for each statement execute function notify_catalog_changed();
create trigger wellness_goals_changed after insert or update or delete on wellness_goals for each statement execute function notify_catalog_changed();

-- Stock moves with every order: only a change a shopper can see on the product page ('Only 3 left',
-- 'Out of stock', at or below quote.ts LOW_STOCK = 5) purges that one product's page.
create function notify_stock_changed() returns trigger language plpgsql as $$
begin
  if least(old.quantity, new.quantity) <= 5 then
    perform pg_notify('catalog_changed', 'product:' || new.product_id);
  end if;
  return null;
end $$;
create trigger product_stock_changed after update of quantity on product_stock for each row
  when (old.quantity is distinct from new.quantity) execute function notify_stock_changed();
