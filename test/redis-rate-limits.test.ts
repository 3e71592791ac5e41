/**
 * Sign-in limits with REDIS_URL set: two app servers on one database count failed sign-ins
 * together in Redis (nothing in PostgreSQL's rate_limits, no IP address in any key), a call that
 * needs the counters answers 503 while Redis is down, and `npm start` picks Redis from the
 * environment (and refuses to start when REDIS_URL cannot be reached).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createClient } from '@redis/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/client';
import { TEAM_ROLES } from '../src/domain/roles';
import { LOGIN_LIMITED } from '../src/server/modules/accounts/operations/sign-in';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { RATE_LIMITS_UNAVAILABLE, type RateLimitStore } from '../src/server/rate-limits/rate-limit';
import { connectRedisRateLimits, REDIS_KEY_PREFIX } from '../src/server/rate-limits/rate-limit-redis';
import { ownServersTimeout, startServer } from '../e2e/harness';
import { demoDatabase, type DemoApp } from './demo-app';
import { freePort, startRedisServer, type RedisServer } from './redis-server';
import { client } from './session';
import { programArgs } from '../e2e/server-process';

let redis: RedisServer;
let demo: DemoApp;
const apps: FastifyInstance[] = [];
const stores: RateLimitStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  demo = await demoDatabase();
  const accountId = await createAccount(demo.database.db, 'editor@example.com', 'editor-password-1');
  await setRole(demo.database.db, demo.websiteId, accountId, TEAM_ROLES.EDITOR);
  // Two app servers: each its own database pool and its own Redis connection.
  const other = connect(demo.database.url, 2);
  for (const database of [demo.database, other]) {
    const rateLimits = await connectRedisRateLimits(redis.url, { commandTimeoutMs: 500, log: () => {} });
    stores.push(rateLimits);
    apps.push(await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, rateLimits }));
  }
  apps[1]!.addHook('onClose', async () => other.close());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const store of stores) await store.close();
  await demo?.database.drop();
  await redis?.remove();
});

async function redisKeys(): Promise<Record<string, string | null>> {
  const raw = await createClient({ url: redis.url }).connect();
  try {
    const keys = await raw.keys('*');
    return Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await raw.get(k)] as const)));
  } finally {
    raw.destroy();
  }
}

describe('failed sign-ins counted in Redis', () => {
  it('refuses the 11th try in 15 minutes on either server, even with the right password', async () => {
    const [a, b] = [await client(apps[0]!), await client(apps[1]!)];
    for (let i = 0; i < 10; i++) {
      const res = await (i % 2 ? b : a).call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'wrong' });
      expect(res.statusCode).toBe(401);
    }
    for (const c of [a, b]) {
      const limited = await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'editor-password-1' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
      expect(limited.json()).toEqual({ error: LOGIN_LIMITED });
    }
    const keys = await redisKeys();
    // Every try is counted before it is checked, the two refused ones too.
    expect(keys[`${REDIS_KEY_PREFIX}login-account:editor@example.com`]).toBe('12');
    expect(Object.keys(keys).find((k) => k.startsWith(`${REDIS_KEY_PREFIX}login-ip:`))).toMatch(/^openpress:rl:login-ip:[\w-]{22}$/);
    expect(JSON.stringify(keys)).not.toContain('127.0.0.1');
    const { rows } = await demo.database.pool.query('SELECT key FROM rate_limits');
    expect(rows).toEqual([]);
  });

  it('clears the account count on a right password', async () => {
    const raw = await createClient({ url: redis.url }).connect();
    await raw.flushAll();
    raw.destroy();
    const c = await client(apps[0]!);
    for (let i = 0; i < 9; i++) await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'wrong' });
    expect((await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'editor-password-1' })).statusCode).toBe(200);
    expect((await redisKeys())[`${REDIS_KEY_PREFIX}login-account:editor@example.com`]).toBeUndefined();
    for (let i = 0; i < 9; i++) expect((await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'wrong' })).statusCode).toBe(401);
  });

  it('answers 503 with a message while Redis is down, serves pages meanwhile, and counts again when it is back', async () => {
    const c = await client(apps[0]!);
    await redis.stop();
    try {
      const res = await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'editor-password-1' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: RATE_LIMITS_UNAVAILABLE });
      expect(res.headers['retry-after']).toBe('30');
      expect(c.cookies.has('op_session')).toBe(false);
      expect((await apps[0]!.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } })).statusCode).toBe(200);
    } finally {
      await redis.start();
    }
    await expect
      .poll(async () => (await c.call('POST', '/api/auth/Login', { email: 'editor@example.com', password: 'editor-password-1' })).statusCode, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
  });
});

describe('npm start with REDIS_URL', () => {
  it(
    'keeps the sign-in counters in Redis',
    async () => {
      const raw = await createClient({ url: redis.url }).connect();
      await raw.flushAll();
      raw.destroy();
      // The blank site: nothing here reads the demo's pages, and its images would be made for nothing.
      const server = await startServer({ env: { REDIS_URL: redis.url, START_WITH: 'blank' } });
      try {
        expect(server.output()).toContain('Rate-limit counters are kept in Redis (REDIS_URL).');
        const page = await fetch(`${server.url}/`);
        const crumb = /crumb=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
        const res = await fetch(`${server.url}/api/auth/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': decodeURIComponent(crumb) },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }),
        });
        expect(res.status).toBe(401);
        expect((await redisKeys())[`${REDIS_KEY_PREFIX}login-account:nobody@example.com`]).toBe('1');
      } finally {
        await server.stop();
      }
    },
    ownServersTimeout(1),
  );

  it('refuses to start when REDIS_URL cannot be reached', async () => {
    const port = await freePort();
    const run = promisify(execFile)(process.execPath, programArgs('main'), {
      env: { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}`, DATA_DIR: '/nonexistent' },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`Cannot reach Redis at REDIS_URL (redis://127.0.0.1:${port}): connect ECONNREFUSED`),
    });
  });
});
