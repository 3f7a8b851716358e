-- A send claims its message first: two runs of one message's job (one that outlived its time, and its
-- retry) never both call the provider. The claim lapses on its own if the process dies mid-send.
alter table message_outbox add column locked_until timestamptz;
