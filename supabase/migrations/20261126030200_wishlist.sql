-- Wishlists of signed-in customers (guests keep theirs in the browser until they sign in).
create table wishlist_items (
  user_id text not null references "user"(id) on delete cascade,
  product_id integer not null references products(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
create index wishlist_items_product_idx on wishlist_items (product_id);
