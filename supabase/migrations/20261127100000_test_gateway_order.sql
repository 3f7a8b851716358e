-- The built-in test gateway's records in the order it made them. clock_timestamp() alone could not say:
-- on PGlite two records made in the same millisecond got the same time, and the random ids then put a
-- payment's "captured" webhook before its "authorized" one.
alter table test_gateway_objects add column seq bigint generated always as identity;
create unique index test_gateway_objects_seq_idx on test_gateway_objects (seq);
