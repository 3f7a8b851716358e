-- "Notify me" on WhatsApp only (docs/decisions/0124-back-in-stock-on-whatsapp-only.md, superseding 0110's
-- rule that an email is always required): a request names an email, a WhatsApp number, or both. One
-- waiting request per product and number, as per product and address: a second asks nothing new, so one
-- person cannot queue a stranger's number several messages about one product. The number's index also
-- finds a number-only request for the account whose verified mobile it is (download and erasure).
alter table back_in_stock_requests alter column email drop not null;
alter table back_in_stock_requests
  add constraint back_in_stock_requests_contact_check check (email is not null or whatsapp_to is not null);
create unique index back_in_stock_requests_waiting_whatsapp_key on back_in_stock_requests (product_id, whatsapp_to)
  where whatsapp_to is not null and notified_at is null and cancelled_at is null;
create index back_in_stock_requests_whatsapp_idx on back_in_stock_requests (whatsapp_to) where whatsapp_to is not null;
