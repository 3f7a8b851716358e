// Staff opening a customer's data is logged (DPDP Rules 2025: access to personal data logged and the
// logs kept a year) and shown on that customer's desk page. The customer is named by account id only.
import { desc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { customerDataAccess, user } from '../../db/schema';

export async function logCustomerDataAccess(
  staff: { userId: string; role: string },
  customerUserId: string,
  what: string,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(customerDataAccess)
    .values({ staffUserId: staff.userId, staffRole: staff.role, customerUserId, what: what.slice(0, 120) });
}

/** The latest openings of a customer's data, newest first, with the staff member's name. */
export async function customerDataAccessLog(customerUserId: string, limit = 20) {
  const db = await getDb();
  return db
    .select({
      when: customerDataAccess.createdAt,
      what: customerDataAccess.what,
      role: customerDataAccess.staffRole,
      staffName: user.name,
      staffEmail: user.email,
    })
    .from(customerDataAccess)
    .leftJoin(user, eq(user.id, customerDataAccess.staffUserId))
    .where(eq(customerDataAccess.customerUserId, customerUserId))
    .orderBy(desc(customerDataAccess.createdAt), desc(customerDataAccess.id))
    .limit(limit);
}
