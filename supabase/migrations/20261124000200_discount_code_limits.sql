-- Discount codes the back office creates: how often a code may be used in all, and per customer.
-- A use is an order that is not cancelled and whose winning offer was the code (orders.discount_code).
alter table discount_codes add column max_uses integer check (max_uses is null or max_uses > 0);
alter table discount_codes add column max_uses_per_customer integer check (max_uses_per_customer is null or max_uses_per_customer > 0);
alter table discount_codes add column created_by text references "user"(id) on delete set null;
create index orders_discount_code_idx on orders (discount_code) where discount_code is not null;
