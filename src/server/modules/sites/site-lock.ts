/** The site lock: changes to a site's addresses, its files and publishing take it first, so they run one at a time. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { websites } from './schema/sites';

/** Locks the site row: changes to a site's addresses (and publishing) take it first, so they run one at a time. */
export async function lockSite(tx: Executor, websiteId: string): Promise<void> {
  await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
}
