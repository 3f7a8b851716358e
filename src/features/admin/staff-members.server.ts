// Who works at the store: an owner adds customers' accounts to the staff organization with a role,
// changes roles and removes members (staff.manage, src/lib/permissions.ts, checked by the desk's gate).
// The last owner cannot be removed or demoted.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { member, organization, user } from '../../db/schema';
import { STAFF_ROLES, type StaffRole } from '../../lib/permissions';
import { addStaffMember, STAFF_ORG_SLUG } from '../auth/staff.server';
import { byIntent, refuse, type FormOutcome, type FormRefusal, type PostedForm } from '../../server/http/form.server';

export const STAFF_MESSAGES = {
  noAccount: 'No account with that email. Ask them to sign up first.',
  role: 'Choose a role: owner, admin or staff.',
  lastOwner: 'The store needs at least one owner.',
} as const;

export async function listStaff() {
  const db = await getDb();
  return db
    .select({ userId: user.id, name: user.name, email: user.email, role: member.role, since: member.createdAt })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(organization.slug, STAFF_ORG_SLUG))
    .orderBy(asc(member.createdAt));
}

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

async function ownerCount() {
  const db = await getDb();
  const [{ owners }] = await db
    .select({ owners: count() })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(organization.slug, STAFF_ORG_SLUG), eq(member.role, 'owner')));
  return owners;
}

/** Adds a member or changes their role. */
export async function setStaffRole(email: string, role: string): Promise<{ ok: true } | FormRefusal> {
  if (!isRole(role)) return refuse('invalid', STAFF_MESSAGES.role);
  const db = await getDb();
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!account) return refuse('invalid', STAFF_MESSAGES.noAccount);
  const current = (await listStaff()).find((m) => m.userId === account.id)?.role;
  if (current === 'owner' && role !== 'owner' && (await ownerCount()) <= 1)
    return refuse('conflict', STAFF_MESSAGES.lastOwner);
  await addStaffMember(db, account.id, role);
  return { ok: true };
}

export async function removeStaff(userId: string): Promise<{ ok: true } | FormRefusal> {
  const target = (await listStaff()).find((m) => m.userId === userId);
  if (!target) return { ok: true };
  if (target.role === 'owner' && (await ownerCount()) <= 1) return refuse('conflict', STAFF_MESSAGES.lastOwner);
  const db = await getDb();
  const [org] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, STAFF_ORG_SLUG));
  await db.delete(member).where(and(eq(member.organizationId, org.id), eq(member.userId, userId)));
  return { ok: true };
}

/** The staff desk's forms: add or change a member's role, or remove them. */
export async function staffDeskRequest(form: PostedForm): Promise<FormOutcome> {
  const email = form.raw('email') ?? '';
  const role = form.raw('role') ?? '';
  const done = (result: { ok: true } | FormRefusal, notice: string): FormOutcome =>
    result.ok ? { ok: true, notice } : result;
  return byIntent(form, {
    remove: async () => done(await removeStaff(form.raw('userId') ?? ''), 'Removed from the staff.'),
    set: async () => done(await setStaffRole(email, role), `${email} is now ${role}.`),
  });
}
