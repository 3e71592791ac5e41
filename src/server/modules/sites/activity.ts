/** The team activity log: who changed what on a site, and when. Written in the change's transaction. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { accounts } from '../accounts/schema/team';
import { activityLog } from './schema/activity';

export async function logActivity(tx: Executor, websiteId: string, accountId: string | null, action: string, detail: Record<string, unknown> = {}) {
  await tx.insert(activityLog).values({ websiteId, accountId, action, detail });
}

export async function recentActivity(db: Db, websiteId: string, limit = 200) {
  return db
    .select({ id: activityLog.id, action: activityLog.action, detail: activityLog.detail, createdAt: activityLog.createdAt, email: accounts.email })
    .from(activityLog)
    .leftJoin(accounts, eq(accounts.id, activityLog.accountId))
    .where(and(eq(activityLog.websiteId, websiteId)))
    .orderBy(desc(activityLog.id))
    .limit(limit);
}
