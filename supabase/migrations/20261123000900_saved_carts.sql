-- A signed-in customer's cart, kept on the server so it follows them across devices.
create table saved_carts (
  user_id text primary key references "user"(id) on delete cascade,
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array'),
  updated_at timestamptz not null default now()
);
