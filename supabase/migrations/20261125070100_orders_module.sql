-- The orders module (docs/decisions/XXXX-orders-module.md).
-- 1. One list of order statuses in the database: a domain both columns use, instead of two copies of
--    the same CHECK. The code's list is src/features/orders/status.ts; a test checks they agree.
create domain order_status as text check (value in
  ('pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded'));

alter table orders drop constraint orders_status_check;
alter table orders alter column status type order_status;
alter table order_status_history drop constraint order_status_history_status_check;
alter table order_status_history alter column status type order_status;

-- 2. An order belongs to an account while the account exists; deleting the account keeps the order
--    (the store must keep its records) as a guest order.
update orders o set customer_id = null
  where customer_id is not null and not exists (select 1 from "user" u where u.id = o.customer_id);
alter table orders add constraint orders_customer_id_fkey
  foreign key (customer_id) references "user"(id) on delete set null;
