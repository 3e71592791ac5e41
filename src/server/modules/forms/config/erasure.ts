/** Erasing everything one email address left on a site: its form submissions and its newsletter subscriptions. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { formSubmissions, newsletterSubscribers } from '../schema/forms';
import { logActivity } from '../../sites';

/**
 * Deletes every submission that holds the address (its `emails`, lowercased when stored) and the
 * address's subscriptions to every list, in one transaction. The activity log records the counts,
 * never the address nor a hash of it (docs/decisions/0039-erasing-a-persons-data.md).
 */
export async function eraseByEmail(db: Db, websiteId: string, email: string, actorId: string): Promise<{ submissions: number; subscribers: number }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const submissions = await tx
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.websiteId, websiteId), sql`${formSubmissions.emails} @> ARRAY[${address}]::text[]`))
      .returning({ id: formSubmissions.id });
    const subscribers = await tx
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.email, address)))
      .returning({ listId: newsletterSubscribers.listId });
    const counts = { submissions: submissions.length, subscribers: subscribers.length };
    await logActivity(tx, websiteId, actorId, 'forms.person_erased', counts);
    return counts;
  });
}
