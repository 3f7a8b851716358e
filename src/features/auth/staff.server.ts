// The store's staff: one organization (slug 'staff') whose members have roles owner, admin or staff.
// Customers are never members. The first owners come from STORE_OWNER_EMAILS (comma-separated): such
// an account joins as owner when it is created, or at start-up if it already exists.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema';
import { env } from '../../server/config/env.server';
import { STAFF_ROLES, type StaffRole } from '../../lib/permissions';

export const STAFF_ORG_SLUG = 'staff';

export function ownerEmailsFromEnv(value = env().STORE_OWNER_EMAILS): string[] {
  return value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

async function staffOrganizationId(db: Db): Promise<string> {
  await db
    .insert(organization)
    .values({ id: randomUUID(), name: 'Vedara Ayurveda Staff', slug: STAFF_ORG_SLUG, createdAt: new Date() })
    .onConflictDoNothing({ target: organization.slug });
  const [org] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, STAFF_ORG_SLUG));
  return org.id;
}

/** Adds (or promotes) a user to the staff organization with a role. */
export async function addStaffMember(db: Db, userId: string, role: StaffRole) {
  const organizationId = await staffOrganizationId(db);
  await db
    .insert(member)
    .values({ id: randomUUID(), organizationId, userId, role, createdAt: new Date() })
    .onConflictDoUpdate({ target: [member.organizationId, member.userId], set: { role } });
}

export async function joinStaffIfOwner(db: Db, account: { id: string; email: string }) {
  if (ownerEmailsFromEnv().includes(account.email.toLowerCase())) await addStaffMember(db, account.id, 'owner');
}

/** Start-up: owners named in the environment whose accounts already exist. */
export async function syncOwnersFromEnv(db: Db) {
  const emails = ownerEmailsFromEnv();
  if (emails.length === 0) return;
  const owners = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, emails));
  for (const owner of owners) await addStaffMember(db, owner.id, 'owner');
}

/** The user's staff role, or null for customers. */
export async function staffRole(db: Db, userId: string): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(organization.slug, STAFF_ORG_SLUG), eq(member.userId, userId)));
  return (STAFF_ROLES as readonly string[]).includes(row?.role ?? '') ? (row!.role as StaffRole) : null;
}
