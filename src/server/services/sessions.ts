/**
 * Team members' sessions, kept in PostgreSQL so every app server sees them. The cookie holds a
 * random id; the table holds only its hash. A session ends when idle too long, at its absolute
 * limit, at logout, or when its account is removed from the team.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions } from '../../db/schema';

export const SESSION_COOKIE = 'op_session';
/** Sessions idle this long end. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** No session lasts longer than this. */
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 60 * 1000;

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export async function createSession(db: Db, accountId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ idHash: hashId(id), accountId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  return id;
}

export type SessionAccount = { id: string; email: string; displayName: string | null };

export async function accountForSession(db: Db, id: string | undefined): Promise<SessionAccount | undefined> {
  if (!id || id.length > 100) return undefined;
  const idHash = hashId(id);
  const now = Date.now();
  const [row] = await db
    .select({ account: { id: accounts.id, email: accounts.email, displayName: accounts.displayName }, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))));
  if (!row) return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash));
  }
  return row.account;
}

export async function endSession(db: Db, id: string | undefined): Promise<boolean> {
  if (!id) return false;
  const ended = await db.delete(sessions).where(eq(sessions.idHash, hashId(id))).returning({ idHash: sessions.idHash });
  return ended.length > 0;
}

export async function endSessionsOf(db: Db, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function pruneSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
