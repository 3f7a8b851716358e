-- Staff access to personal data is logged on every desk page that shows it, not only the customer page
-- (docs/decisions: staff access log across the desk). A guest's order, grievance, appointment or
-- consultation request has no account: such a row names the record opened (its order number, ticket or
-- id: no personal data, so the log may outlive an erasure) and the account when the person has one.
alter table customer_data_access alter column customer_user_id drop not null;
alter table customer_data_access add column record_kind text
  check (record_kind in ('order', 'grievance', 'appointment', 'lead', 'review', 'export'));
alter table customer_data_access add column record_ref text check (length(record_ref) between 1 and 60);
alter table customer_data_access add constraint customer_data_access_record_check
  check ((record_kind is null) = (record_ref is null));
alter table customer_data_access add constraint customer_data_access_subject_check
  check (customer_user_id is not null or record_kind is not null);
create index customer_data_access_record_idx on customer_data_access (record_kind, record_ref, created_at desc);
-- The nightly purge drops rows past the retention period by age.
create index customer_data_access_created_idx on customer_data_access (created_at);
