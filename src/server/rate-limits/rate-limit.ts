/**
 * Rate limits: fixed-window counters per key, kept in a store every app server shares (never one
 * process's memory). PostgreSQL is the store by default; `rate-limit-redis.ts` is the other one,
 * used when REDIS_URL is set. A counter lives for one window; IP addresses appear only hashed,
 * inside these keys.
 *
 * An attempt is counted before it is acted on, by one atomic increment-and-compare, so attempts
 * sent in parallel cannot all pass a "limit reached?" check made before any of them was counted
 * (`countAttempt`). What a right answer should not cost is given back afterwards (`forgive`,
 * `reset`). Every refusal is a 429 with Retry-After (`sendTooMany`).
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { rateLimits } from '../server-schema';
import { http } from '../../messages/http';

export type Limit = { key: string; max: number; windowMs: number };

export type RateLimitStore = {
  /** Counts one hit; answers whether the key is still within its limit. The first hit opens the window. */
  hit(limit: Limit): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Takes back one hit of the current window (an attempt that turned out right), never below zero. */
  forgive(limit: Limit): Promise<void>;
  /** Forgets the key's counter (a success clears its failures). */
  reset(key: string): Promise<void>;
  /** Drops counters whose window has ended. */
  prune(): Promise<void>;
  /** Releases what the store opened itself (never the database pool it was given). */
  close(): Promise<void>;
};

/** Answered (503) when the store cannot be reached: a limited call is refused rather than let through uncounted. */
export const RATE_LIMITS_UNAVAILABLE = http.rateLimitsUnavailable;

export class RateLimitsUnavailableError extends Error {
  /** What the store's client said (some of its errors have no message, only a class). */
  readonly reason: string;
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.constructor.name : String(cause);
    super(`rate-limit counters unavailable: ${reason}`, { cause });
    this.reason = reason;
  }
}

export type PostgresRateLimitOptions = {
  /**
   * The time windows are measured against, in ms. By default the database's own `now()` (one clock
   * for every app server); tests pass a clock they move themselves.
   */
  now?: () => number;
};

export function postgresRateLimits(db: Db, opts: PostgresRateLimitOptions = {}): RateLimitStore {
  const clock = opts.now;
  const now = clock ? () => sql`${new Date(clock()).toISOString()}::timestamptz` : () => sql`now()`;
  return {
    async hit(limit) {
      const seconds = limit.windowMs / 1000;
      const at = now();
      const { rows } = await db.execute<{ hits: number; ends: string }>(sql`
        INSERT INTO rate_limits (key, hits, window_ends_at) VALUES (${limit.key}, 1, ${at} + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_ends_at <= ${at} THEN 1 ELSE rate_limits.hits + 1 END,
          window_ends_at = CASE WHEN rate_limits.window_ends_at <= ${at} THEN ${at} + make_interval(secs => ${seconds}) ELSE rate_limits.window_ends_at END
        RETURNING hits, window_ends_at AS ends`);
      const row = rows[0]!;
      return { allowed: row.hits <= limit.max, retryAfterMs: Math.max(0, Date.parse(row.ends) - (clock ?? Date.now)()) };
    },
    async forgive(limit) {
      await db.execute(sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${limit.key} AND hits > 0 AND window_ends_at > ${now()}`);
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async prune() {
      await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date((clock ?? Date.now)())));
    },
    async close() {},
  };
}

export function hashedIp(ip: string): string {
  return createHash('sha256').update(`rate-limit:${ip}`).digest('base64url').slice(0, 22);
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts one attempt against every limit, first, before the attempt is checked; refused when any
 * limit is over, with the longest wait among them.
 */
export async function countAttempt(store: RateLimitStore, limits: readonly Limit[]): Promise<Attempt> {
  let wait = -1;
  for (const limit of limits) {
    const result = await store.hit(limit);
    if (!result.allowed) wait = Math.max(wait, result.retryAfterMs);
  }
  return wait < 0 ? { allowed: true } : { allowed: false, retryAfterMs: wait };
}

/** Retry-After in whole seconds, at least one. */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/** The one way a limit is refused: 429 with Retry-After and the call's own body. */
export function sendTooMany(reply: FastifyReply, retryAfterMs: number, body: Record<string, unknown>): FastifyReply {
  return reply.code(429).header('retry-after', retryAfterSeconds(retryAfterMs)).header('cache-control', 'no-store').send(body);
}

/** Counts the attempt; when refused, sends the 429 and answers true (the handler then returns the reply). */
export async function refusedByLimits(store: RateLimitStore, reply: FastifyReply, limits: readonly Limit[], body: Record<string, unknown>): Promise<boolean> {
  const attempt = await countAttempt(store, limits);
  if (attempt.allowed) return false;
  sendTooMany(reply, attempt.retryAfterMs, body);
  return true;
}
