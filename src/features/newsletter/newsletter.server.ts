import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { normaliseEmail, type NewsletterStatus } from './newsletter';

/** One insert guarded by the unique email: concurrent sign-ups of one address make one row. */
export async function subscribe(rawEmail: unknown, source = 'site'): Promise<NewsletterStatus> {
  const email = normaliseEmail(rawEmail);
  if (!email) return 'invalid';
  try {
    const db = await getDb();
    const inserted = await db.insert(subscriptions).values({ email, source: source.slice(0, 40) })
      .onConflictDoNothing({ target: subscriptions.email }).returning({ id: subscriptions.id });
    return inserted.length > 0 ? 'success' : 'duplicate';
  } catch (error) {
    console.error('Newsletter subscription failed', error);
    return 'insertFailed';
  }
}
