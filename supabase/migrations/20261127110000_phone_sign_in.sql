-- Phone sign-in (issue 20 part 2; decision 0103-phone-sign-in): an account may carry one verified Indian
-- mobile number, kept as +91 and ten digits, unique across accounts, so a one-time code sent to it by SMS
-- signs in to that account. better-auth's phone-number plugin reads and writes these two columns.
alter table "user"
  add column phone_number text unique check (phone_number ~ '^\+91[6-9][0-9]{9}$'),
  add column phone_number_verified boolean not null default false;
