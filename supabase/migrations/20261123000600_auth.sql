-- Accounts (better-auth): users, sessions, credentials, verification tokens, TOTP two-factor,
-- the staff organization with its members and invitations, and the rate-limit counters.
create table "user" (
  id text primary key,
  name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  two_factor_enabled boolean default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table session (
  id text primary key,
  expires_at timestamptz not null,
  token text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null,
  ip_address text,
  user_agent text,
  user_id text not null references "user"(id) on delete cascade,
  active_organization_id text
);
create index session_user_id_idx on session (user_id);

create table account (
  id text primary key,
  account_id text not null,
  provider_id text not null,
  user_id text not null references "user"(id) on delete cascade,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null
);
create index account_user_id_idx on account (user_id);

create table verification (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verification_identifier_idx on verification (identifier);

create table two_factor (
  id text primary key,
  secret text not null,
  backup_codes text not null,
  user_id text not null references "user"(id) on delete cascade,
  verified boolean default true,
  failed_verification_count integer default 0,
  locked_until timestamptz
);
create index two_factor_secret_idx on two_factor (secret);
create index two_factor_user_id_idx on two_factor (user_id);

create table organization (
  id text primary key,
  name text not null,
  slug text not null unique,
  logo text,
  created_at timestamptz not null,
  metadata text
);

create table member (
  id text primary key,
  organization_id text not null references organization(id) on delete cascade,
  user_id text not null references "user"(id) on delete cascade,
  role text not null default 'member',
  created_at timestamptz not null,
  unique (organization_id, user_id)
);
create index member_user_id_idx on member (user_id);

create table invitation (
  id text primary key,
  organization_id text not null references organization(id) on delete cascade,
  email text not null,
  role text,
  status text not null default 'pending',
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  inviter_id text not null references "user"(id) on delete cascade
);
create index invitation_organization_id_idx on invitation (organization_id);
create index invitation_email_idx on invitation (email);

create table rate_limit (
  id text primary key,
  key text not null unique,
  count integer not null,
  last_request bigint not null
);
