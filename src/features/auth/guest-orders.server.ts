// Orders placed as a guest join the account once its owner has proven the email (verified account).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, user } from '../../db/schema';

export async function claimGuestOrders(db: Db, userId: string): Promise<number> {
  const [account] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account?.verified) return 0;
  const claimed = await db
    .update(orders)
    .set({ customerId: userId })
    .where(and(isNull(orders.customerId), eq(orders.email, sql`lower(${account.email})`)))
    .returning({ id: orders.id });
  return claimed.length;
}
