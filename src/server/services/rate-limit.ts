/**
 * Rate limits with counters in PostgreSQL, shared by every app server (never one process's
 * memory). A counter lives for one window; IP addresses appear only hashed, inside these keys.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type Limit = { key: string; max: number; windowMs: number };

/** Counts one hit; answers whether the key is still within its limit. */
export async function hit(db: Db, limit: Limit): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const seconds = limit.windowMs / 1000;
  const { rows } = await db.execute<{ hits: number; ends: string }>(sql`
    INSERT INTO rate_limits (key, hits, window_ends_at) VALUES (${limit.key}, 1, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      window_ends_at = CASE WHEN rate_limits.window_ends_at <= now() THEN now() + make_interval(secs => ${seconds}) ELSE rate_limits.window_ends_at END
    RETURNING hits, window_ends_at AS ends`);
  const row = rows[0]!;
  return { allowed: row.hits <= limit.max, retryAfterMs: Math.max(0, Date.parse(row.ends) - Date.now()) };
}

/** Whether the key has already used up its limit, without counting a hit. */
export async function exhausted(db: Db, limit: Limit): Promise<boolean> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, limit.key));
  return !!row && row.windowEndsAt.getTime() > Date.now() && row.hits >= limit.max;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function pruneExpired(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date()));
}

export function hashedIp(ip: string): string {
  return createHash('sha256').update(`rate-limit:${ip}`).digest('base64url').slice(0, 22);
}
