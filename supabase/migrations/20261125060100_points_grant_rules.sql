-- Points granted by hand (the /admin/rewards desk): the ledger row itself carries the rules that do not
-- depend on configuration. points_ledger.created_by (FK to "user") already records who granted them;
-- it becomes null only if that staff account is deleted later, so it cannot be required here.
-- The per-grant cap and who may grant (owner/admin) are checked by rewards.server.ts grantPoints.
alter table points_ledger add constraint points_ledger_staff_grant_rules check (
  reason <> 'staff_grant'
  or (delta > 0 and length(btrim(coalesce(note, ''))) > 0 and created_by is distinct from user_id)
);
-- The customer page lists a customer's grants and who made them.
create index points_ledger_created_by_idx on points_ledger (created_by) where created_by is not null;
