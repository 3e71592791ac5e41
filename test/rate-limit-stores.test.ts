/**
 * The rate-limit stores: the same cases for PostgreSQL and Redis (fixed window per key, a hit given
 * back by `forgive`, reset, expiry, two app servers counting together), then what only one of them
 * does: PostgreSQL's pruning, Redis's expiring keys and its answer when Redis cannot be reached.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/client';
import { postgresRateLimits, RateLimitsUnavailableError, type Limit, type RateLimitStore } from '../src/server/rate-limits/rate-limit';
import { connectRedisRateLimits, REDIS_KEY_PREFIX } from '../src/server/rate-limits/rate-limit-redis';
import { freshDatabase } from './db';
import { freePort, startRedisServer, type RedisServer } from './redis-server';

/** `advance` moves the stores' time on by `ms`, as though that much had passed, with no real wait. */
type Opened = { stores: [RateLimitStore, RateLimitStore]; advance(ms: number): Promise<void>; close(): Promise<void> };

/** A clock the test moves, for the PostgreSQL store's `now` option. */
function testClock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/**
 * Redis keeps time itself (a key's expiry): time passes for the counters when every key's time to
 * live shrinks by `ms`, and a key whose window would have ended is gone, in one atomic script.
 */
const REDIS_ADVANCE = `
for _, key in ipairs(redis.call('KEYS', ARGV[1])) do
  local left = redis.call('PTTL', key)
  if left >= 0 then
    if left <= tonumber(ARGV[2]) then redis.call('DEL', key) else redis.call('PEXPIRE', key, left - tonumber(ARGV[2])) end
  end
end
return 0`;

async function advanceRedis(url: string, ms: number): Promise<void> {
  const redis = await createClient({ url }).connect();
  try {
    await redis.eval(REDIS_ADVANCE, { keys: [], arguments: [`${REDIS_KEY_PREFIX}*`, String(ms)] });
  } finally {
    redis.destroy();
  }
}

/** Two stores on one backing service, as two app servers would have them. */
const backends: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'PostgreSQL',
    async open() {
      const database = await freshDatabase();
      const other = connect(database.url, 2);
      const clock = testClock();
      return {
        stores: [postgresRateLimits(database.db, { now: clock.now }), postgresRateLimits(other.db, { now: clock.now })],
        advance: async (ms) => clock.advance(ms),
        async close() {
          await other.close();
          await database.drop();
        },
      };
    },
  },
  {
    name: 'Redis',
    async open() {
      const server = await startRedisServer();
      const stores = [await connectRedisRateLimits(server.url, { log: () => {} }), await connectRedisRateLimits(server.url, { log: () => {} })] as const;
      return {
        stores: [...stores],
        advance: (ms) => advanceRedis(server.url, ms),
        async close() {
          for (const store of stores) await store.close();
          await server.remove();
        },
      };
    },
  },
];

const limit = (max: number, windowMs: number): Limit => ({ key: `test:${randomUUID()}`, max, windowMs });

describe.each(backends)('the $name store', (backend) => {
  let opened: Opened;
  let store: RateLimitStore;
  let other: RateLimitStore;
  beforeAll(async () => {
    opened = await backend.open();
    [store, other] = opened.stores;
  });
  afterAll(async () => opened?.close());

  it('allows max hits in a window, refuses the next, and says when the window ends', async () => {
    const l = limit(3, 60_000);
    for (let i = 0; i < 3; i++) expect((await store.hit(l)).allowed).toBe(true);
    const refused = await store.hit(l);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('keeps the window where the first hit opened it: later hits do not extend it', async () => {
    const l = limit(10, 2_000);
    const first = await store.hit(l);
    await opened.advance(300);
    const later = await store.hit(l);
    expect(later.retryAfterMs).toBeLessThanOrEqual(first.retryAfterMs - 300);
    expect(later.retryAfterMs).toBeGreaterThan(first.retryAfterMs - 1_000);
  });

  it('counts keys apart', async () => {
    const a = limit(1, 60_000);
    const b = limit(1, 60_000);
    await store.hit(a);
    expect((await store.hit(a)).allowed).toBe(false);
    expect((await store.hit(b)).allowed).toBe(true);
  });

  it('gives back one hit on forgive, never going below zero, and never opening a window', async () => {
    const l = limit(2, 60_000);
    await store.forgive(l);
    await store.forgive(l);
    expect((await store.hit(l)).allowed).toBe(true);
    expect((await store.hit(l)).allowed).toBe(true);
    await store.forgive(l);
    expect((await store.hit(l)).allowed).toBe(true);
    expect((await store.hit(l)).allowed).toBe(false);
  });

  it('forgets a key on reset', async () => {
    const l = limit(1, 60_000);
    await store.hit(l);
    await store.reset(l.key);
    expect((await store.hit(l)).allowed).toBe(true);
    expect((await store.hit(l)).allowed).toBe(false);
    await store.reset(`test:${randomUUID()}`);
  });

  it('starts a new window once the last one has ended', async () => {
    const l = limit(2, 60_000);
    await store.hit(l);
    await store.hit(l);
    expect((await store.hit(l)).allowed).toBe(false);
    await opened.advance(59_000);
    expect((await store.hit(l)).allowed).toBe(false);
    await opened.advance(1_000);
    const fresh = await store.hit(l);
    expect(fresh.allowed).toBe(true);
    expect(fresh.retryAfterMs).toBeGreaterThan(55_000);
    expect((await store.hit(l)).allowed).toBe(true);
    expect((await store.hit(l)).allowed).toBe(false);
  });

  it('shares counters between two app servers', async () => {
    const l = limit(4, 60_000);
    await store.hit(l);
    await other.hit(l);
    await store.hit(l);
    expect((await other.hit(l)).allowed).toBe(true);
    expect((await store.hit(l)).allowed).toBe(false);
    await other.forgive(l);
    await other.forgive(l);
    expect((await store.hit(l)).allowed).toBe(true);
    await other.reset(l.key);
    expect((await store.hit(l)).allowed).toBe(true);
  });

  it('counts every hit when many arrive at once from both servers', async () => {
    const l = limit(20, 60_000);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? store : other).hit(l)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });
});

describe('the PostgreSQL store', () => {
  it('prunes counters whose window has ended, and only those', async () => {
    const database = await freshDatabase();
    try {
      const clock = testClock();
      const store = postgresRateLimits(database.db, { now: clock.now });
      const ended = limit(5, 1_000);
      const current = limit(5, 60_000);
      await store.hit(ended);
      await store.hit(current);
      await store.prune();
      expect((await database.pool.query('SELECT key FROM rate_limits')).rowCount).toBe(2);
      clock.advance(1_001);
      await store.prune();
      const { rows } = await database.pool.query<{ key: string }>('SELECT key FROM rate_limits');
      expect(rows.map((r) => r.key)).toEqual([current.key]);
    } finally {
      await database.drop();
    }
  });
});

describe('the Redis store', () => {
  let server: RedisServer;
  let store: RateLimitStore;
  const logged: string[] = [];
  const raw = () => createClient({ url: server.url });
  beforeAll(async () => {
    server = await startRedisServer();
    store = await connectRedisRateLimits(server.url, { commandTimeoutMs: 500, log: (line) => logged.push(line) });
  });
  afterAll(async () => {
    await store?.close();
    await server?.remove();
  });

  it('keeps each counter in one prefixed key that expires with its window; forgive creates none', async () => {
    const l = limit(5, 60_000);
    await store.forgive(l);
    const redis = await raw().connect();
    try {
      expect(await redis.exists(`${REDIS_KEY_PREFIX}${l.key}`)).toBe(0);
      await store.hit(l);
      await store.hit(l);
      expect(await redis.get(`${REDIS_KEY_PREFIX}${l.key}`)).toBe('2');
      const ttl = await redis.pTTL(`${REDIS_KEY_PREFIX}${l.key}`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await store.prune();
      expect(await redis.exists(`${REDIS_KEY_PREFIX}${l.key}`)).toBe(1);
    } finally {
      redis.destroy();
    }
  });

  it('fails with RateLimitsUnavailableError while Redis is down, and works again when it is back, logging each once', async () => {
    const l = limit(5, 60_000);
    await server.stop();
    try {
      const started = Date.now();
      await expect(store.hit(l)).rejects.toBeInstanceOf(RateLimitsUnavailableError);
      await expect(store.forgive(l)).rejects.toBeInstanceOf(RateLimitsUnavailableError);
      await expect(store.reset(l.key)).rejects.toBeInstanceOf(RateLimitsUnavailableError);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.start();
    }
    await expect.poll(async () => (await store.hit(l).catch(() => undefined))?.allowed, { timeout: 10_000, interval: 100 }).toBe(true);
    expect(logged).toEqual([
      expect.stringMatching(/^Redis did not answer \(.+\); calls that count attempts answer 503 until it does\.$/),
      'Redis answers again; rate limits count as before.',
    ]);
  });

  it('refuses to start on an address where no Redis answers, naming it without the password', async () => {
    const port = await freePort();
    await expect(connectRedisRateLimits(`redis://user:secret@127.0.0.1:${port}`, { log: () => {} })).rejects.toThrow(
      new RegExp(`^Cannot reach Redis at REDIS_URL \\(redis://127\\.0\\.0\\.1:${port}\\): .*ECONNREFUSED`),
    );
  });
});
