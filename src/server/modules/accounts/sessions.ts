/**
 * Team members' sessions, kept in PostgreSQL so every app server sees them. The cookie holds a
 * random id; the table holds only its hash, and the browser's User-Agent from sign-in for the
 * account's list of its sessions. A session ends when idle too long, at its absolute limit, at
 * logout, when its account is removed from the team, when the account signs it out from another
 * session, and (every other one) when the account's password or two-factor sign-in changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { accounts, sessions } from './schema/team';
import { byRecency, hashForHandle, sessionListing, storedUserAgent, type SessionListing } from './session-list';

export const SESSION_COOKIE = 'op_session';
/** Sessions idle this long end. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** No session lasts longer than this. */
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 60 * 1000;

export function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export async function createSession(db: Db, accountId: string, userAgent?: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ idHash: hashId(id), accountId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS), userAgent: storedUserAgent(userAgent) });
  return id;
}

export type SessionAccount = { id: string; email: string; displayName: string | null };

const live = (now: number) => and(gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)));

export async function accountForSession(db: Db, id: string | undefined): Promise<SessionAccount | undefined> {
  if (!id || id.length > 100) return undefined;
  const idHash = hashId(id);
  const now = Date.now();
  const [row] = await db
    .select({ account: { id: accounts.id, email: accounts.email, displayName: accounts.displayName }, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.idHash, idHash), live(now)));
  if (!row) return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  return row.account;
}

export async function endSession(db: Db, id: string | undefined): Promise<boolean> {
  if (!id) return false;
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.idHash, hashId(id)))
    .returning({ idHash: sessions.idHash });
  return ended.length > 0;
}

export async function endSessionsOf(db: Executor, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** Ends every session of the account except the one with this cookie value; answers how many ended. */
export async function endOtherSessions(db: Executor, accountId: string, keepId: string | undefined): Promise<number> {
  const others = keepId ? and(eq(sessions.accountId, accountId), ne(sessions.idHash, hashId(keepId))) : eq(sessions.accountId, accountId);
  return (await db.delete(sessions).where(others).returning({ idHash: sessions.idHash })).length;
}

/** The account's live sessions, the one with this cookie value marked as this device. */
export async function sessionsOf(db: Db, accountId: string, currentId: string | undefined): Promise<SessionListing[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), live(Date.now())));
  const current = currentId ? hashId(currentId) : undefined;
  return rows.map((row) => sessionListing(row, current)).sort(byRecency);
}

/** Ends one of the account's own sessions, named by its opaque id; false when the account has no such session. */
export async function endSessionByHandle(db: Db, accountId: string, handle: string): Promise<boolean> {
  const own = await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.accountId, accountId));
  const idHash = hashForHandle(
    own.map((s) => s.idHash),
    handle,
  );
  if (!idHash) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.idHash, idHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length > 0;
}

export async function pruneSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
