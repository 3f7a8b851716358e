-- The offers ticker shows the desk's online-payment offer and whether cash on delivery is offered
-- (src/features/pricing/offer-lines.ts). Pages and islands that show it are kept in each process's
-- route cache with the 'catalog' tag, so a change to the payment settings purges them like a
-- catalogue change does (notify_catalog_changed, migration 20261125050100).
create trigger payment_settings_changed after insert or update or delete on payment_settings
  for each statement execute function notify_catalog_changed();
