-- The engagement desk: appointments staff can cancel and reschedule, days closed for booking and a
-- booking horizon, consultation leads with a status and notes, and an outbox that keeps retrying.

-- A cancelled appointment stays on record; only booked ones hold their slot.
alter table appointments add column status text not null default 'booked' check (status in ('booked', 'cancelled'));
alter table appointments add column cancelled_at timestamptz;
alter table appointments drop constraint appointments_date_time_key;
create unique index appointments_booked_slot_key on appointments (date, time) where status = 'booked';

-- Days nobody can book (holidays, training days), with the reason staff and shoppers see.
create table appointment_blocked_days (
  date date primary key,
  reason text not null check (length(btrim(reason)) between 1 and 200),
  created_by text,
  created_at timestamptz not null default now()
);

-- One row of booking settings staff can change.
create table appointment_settings (
  id integer primary key default 1 check (id = 1),
  booking_horizon_days integer not null default 60 check (booking_horizon_days between 1 and 365),
  updated_at timestamptz not null default now()
);
insert into appointment_settings (id) values (1);

alter table consultation_leads add column status text not null default 'new' check (status in ('new', 'called', 'converted'));
alter table consultation_leads add column staff_notes text not null default '' check (length(staff_notes) <= 2000);
alter table consultation_leads add column updated_at timestamptz;
create index consultation_leads_status_idx on consultation_leads (status, created_at desc);

-- Extra mail headers (List-Unsubscribe) and how long the outbox keeps trying before it gives up.
alter table email_outbox add column headers jsonb not null default '{}'::jsonb;
alter table email_outbox add column retry_until timestamptz not null default now() + interval '3 days';
create index email_outbox_unsent_idx on email_outbox (created_at) where status <> 'sent';
