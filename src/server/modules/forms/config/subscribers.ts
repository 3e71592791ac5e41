/** A newsletter list's subscribers: a page of them (searchable, by status) and deleting one (logged, without the address). */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { newsletterSubscribers } from '../schema/forms';
import type { Subscriber } from '../../../../contracts/forms';
import { logActivity } from '../../sites';
import { containsPattern, isoTime } from './values';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBERS_PAGE_SIZE = 100;

const subscriberOf = (r: typeof newsletterSubscribers.$inferSelect): Subscriber => ({
  email: r.email,
  name: r.name,
  status: r.status,
  createdAt: isoTime(r.createdAt),
  confirmedAt: r.confirmedAt ? isoTime(r.confirmedAt) : null,
  unsubscribedAt: r.unsubscribedAt ? isoTime(r.unsubscribedAt) : null,
});

export function subscriberWhere(
  websiteId: string,
  listId: string,
  opts: { q?: string | undefined; status?: SubscriberStatus | undefined; after?: string | undefined },
) {
  const where = [eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.listId, listId)];
  if (opts.status) where.push(eq(newsletterSubscribers.status, opts.status));
  if (opts.after !== undefined) where.push(gt(newsletterSubscribers.email, opts.after));
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    where.push(sql`(${newsletterSubscribers.email} ILIKE ${pattern} OR ${newsletterSubscribers.name} ILIKE ${pattern})`);
  }
  return and(...where);
}

/** A page of a list's subscribers in address order; `next` is the `after` for the page after, null at the end. */
export async function listSubscribers(
  db: Db,
  websiteId: string,
  listId: string,
  opts: { q?: string | undefined; status?: SubscriberStatus | undefined; after?: string | undefined; limit?: number },
): Promise<{ subscribers: Subscriber[]; next: string | null }> {
  const limit = opts.limit ?? SUBSCRIBERS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberWhere(websiteId, listId, opts))
    .orderBy(asc(newsletterSubscribers.email))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  return { subscribers: shown.map(subscriberOf), next: rows.length > limit ? shown[shown.length - 1]!.email : null };
}

export async function deleteSubscriber(db: Db, websiteId: string, listId: string, email: string, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.websiteId, websiteId),
          eq(newsletterSubscribers.listId, listId),
          eq(newsletterSubscribers.email, email.trim().toLowerCase()),
        ),
      )
      .returning({ email: newsletterSubscribers.email });
    if (deleted.length === 0) return false;
    // The activity log keeps no address (docs/decisions/0039-erasing-a-persons-data.md).
    await logActivity(tx, websiteId, actorId, 'newsletter.subscriber_deleted', { listId });
    return true;
  });
}
