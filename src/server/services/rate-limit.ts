/**
 * Rate limits: fixed-window counters per key, kept in a store every app server shares (never one
 * process's memory). PostgreSQL is the store by default; `rate-limit-redis.ts` is the other one,
 * used when REDIS_URL is set. A counter lives for one window; IP addresses appear only hashed,
 * inside these keys.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type Limit = { key: string; max: number; windowMs: number };

export type RateLimitStore = {
  /** Counts one hit; answers whether the key is still within its limit. The first hit opens the window. */
  hit(limit: Limit): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Whether the key has already used up its limit in the current window, without counting a hit. */
  exhausted(limit: Limit): Promise<boolean>;
  /** Forgets the key's counter (a success clears its failures). */
  reset(key: string): Promise<void>;
  /** Drops counters whose window has ended. */
  prune(): Promise<void>;
  /** Releases what the store opened itself (never the database pool it was given). */
  close(): Promise<void>;
};

/** Answered (503) when the store cannot be reached: a limited call is refused rather than let through uncounted. */
export const RATE_LIMITS_UNAVAILABLE = 'This cannot be done right now. Please try again in a minute.';

export class RateLimitsUnavailableError extends Error {
  /** What the store's client said (some of its errors have no message, only a class). */
  readonly reason: string;
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.constructor.name : String(cause);
    super(`rate-limit counters unavailable: ${reason}`, { cause });
    this.reason = reason;
  }
}

export function postgresRateLimits(db: Db): RateLimitStore {
  return {
    async hit(limit) {
      const seconds = limit.windowMs / 1000;
      const { rows } = await db.execute<{ hits: number; ends: string }>(sql`
        INSERT INTO rate_limits (key, hits, window_ends_at) VALUES (${limit.key}, 1, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
          window_ends_at = CASE WHEN rate_limits.window_ends_at <= now() THEN now() + make_interval(secs => ${seconds}) ELSE rate_limits.window_ends_at END
        RETURNING hits, window_ends_at AS ends`);
      const row = rows[0]!;
      return { allowed: row.hits <= limit.max, retryAfterMs: Math.max(0, Date.parse(row.ends) - Date.now()) };
    },
    async exhausted(limit) {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, limit.key));
      return !!row && row.windowEndsAt.getTime() > Date.now() && row.hits >= limit.max;
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async prune() {
      await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date()));
    },
    async close() {},
  };
}

export function hashedIp(ip: string): string {
  return createHash('sha256').update(`rate-limit:${ip}`).digest('base64url').slice(0, 22);
}
