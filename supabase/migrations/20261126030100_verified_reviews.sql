-- Verified reviews (docs/decisions/XXXX-verified-reviews-and-seed-reviews.md): a customer whose order
-- with the product was delivered rates and reviews it once; staff approve or reject each review before
-- it shows. The catalogue's seed reviews stay, approved but not verified (nobody bought anything).

alter table product_reviews
  add column user_id text references "user"(id) on delete cascade,
  add column status text not null default 'approved' check (status in ('pending', 'approved', 'rejected')),
  add column photos jsonb not null default '[]'::jsonb,
  add column moderation_note text,
  add column moderated_by text references "user"(id) on delete set null,
  add column moderated_at timestamptz,
  add column updated_at timestamptz not null default now(),
  -- One review per customer per product (editing replaces it); seed rows have no customer.
  add constraint product_reviews_one_per_customer unique (user_id, product_id);

-- Rows so far came from the seed catalogue: no purchase stands behind them.
update product_reviews set verified = false where user_id is null;
alter table product_reviews alter column verified set default false;
-- From now on a review waits for staff.
alter table product_reviews alter column status set default 'pending';
-- A verified review is a customer's; a seed review is nobody's.
alter table product_reviews add constraint product_reviews_verified_is_customer check (verified = (user_id is not null));

create index product_reviews_shown_idx on product_reviews (product_id, status, verified, created_at desc);
create index product_reviews_desk_idx on product_reviews (status, updated_at desc);

-- What shoppers see changes only when an approved review appears, changes or goes: then the product's
-- page and every listing (cards show the average) are purged in every process (see
-- 20261125050100_catalog_desk.sql; NOTIFY 'catalog' purges the catalogue tag, product pages included).
create function notify_reviews_changed() returns trigger language plpgsql as $$
begin
  if (tg_op <> 'INSERT' and old.status = 'approved') or (tg_op <> 'DELETE' and new.status = 'approved') then
    perform pg_notify('catalog_changed', 'catalog');
  end if;
  return null;
end $$;
create trigger product_reviews_changed after insert or update or delete on product_reviews
  for each row execute function notify_reviews_changed();
