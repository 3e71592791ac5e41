/**
 * Secrets every app server must share (what signs crumbs, unlock cookies, login tickets, newsletter
 * links, measurement hashes): made once, by whichever server asks first, and kept in
 * `server_settings`, so all servers read the same value.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSettings } from '../server-schema';

export async function serverSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(serverSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (!row) throw new Error(`server setting ${key} is missing`);
  return row.value;
}
