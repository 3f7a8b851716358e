-- The last authenticator time-step accepted per account: a TOTP code works once, even inside its
-- 30-second window (RFC 6238 §5.2). A newer step replaces an older one; an equal or older step is refused.
create table totp_last_step (
  user_id text primary key references "user"(id) on delete cascade,
  step bigint not null check (step >= 0),
  used_at timestamptz not null default now()
);
