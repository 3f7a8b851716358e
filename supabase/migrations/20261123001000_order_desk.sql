-- The orders desk lists orders by status, newest first; customers' return requests keep their photos.
create index orders_status_created_idx on orders (status, created_at desc, id desc);
create index orders_created_idx on orders (created_at desc, id desc);

create table return_requests (
  order_id integer primary key references orders(id) on delete cascade,
  reason text not null check (length(reason) between 10 and 2000),
  photos jsonb not null default '[]'::jsonb check (jsonb_typeof(photos) = 'array'),  -- /media/returns/… paths
  created_at timestamptz not null default now()
);
