/** The server's settings, from the environment, checked once at start. */
import path from 'node:path';
import { z } from 'zod';

/** Empty (`NAME=` in an env file) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const flag = (name: string) => unsetWhenEmpty(z.enum(['true', 'false'], `${name} must be true or false`).default('false'));

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Rate-limit counters in Redis (`redis://` or `rediss://`) instead of PostgreSQL. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be a redis:// or rediss:// address').optional(),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'APP_DOMAIN must be a lowercase host name such as example.com')
    .default('localhost'),
  /** "false" stops unknown hosts from getting the default site. */
  SERVE_DEFAULT_SITE: z.enum(['true', 'false']).default('true'),
  /** The site a fresh install starts with: the demo site, or a blank one (as `npm start -- --blank` does). */
  START_WITH: unsetWhenEmpty(z.enum(['demo', 'blank'], 'START_WITH must be demo or blank').default('demo')),
  /** The first owner's email, for the account created at first start. */
  OWNER_EMAIL: z.string().email('OWNER_EMAIL must be an email address').default('owner@example.com'),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('warn'),
  /** The most site content each app server holds in memory for rendering, in MB of its rows' JSON. */
  CONTENT_CACHE_MB: unsetWhenEmpty(z.coerce.number('CONTENT_CACHE_MB must be a number of megabytes').min(0).default(64)),
  /**
   * The public address sites are reached at (scheme, and port when not the default): links in
   * emails use it. https here also marks every cookie Secure and sends HSTS.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?\/?$/, 'PUBLIC_URL must be an http:// or https:// address with no path, such as https://example.com')
    .optional(),
  /**
   * Addresses of the reverse proxies in front of the server (comma-separated IPs, CIDR ranges, or
   * loopback, linklocal, uniquelocal): X-Forwarded-Proto and X-Forwarded-For are believed only
   * from them.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(?:[0-9a-fA-F:./]+|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:[0-9a-fA-F:./]+|loopback|linklocal|uniquelocal))*$/, 'TRUST_PROXY must list proxy addresses, such as 127.0.0.1 or 10.0.0.0/8,loopback')
    .optional(),
  /**
   * "true" lets connections a site's settings choose (form webhooks, a site's own SMTP server)
   * reach loopback and private addresses, for receivers and mail servers on the operator's own
   * network. Checked when each connection is made (src/server/net/outgoing.ts).
   */
  OUTGOING_ALLOW_PRIVATE: flag('OUTGOING_ALLOW_PRIVATE'),
  /** The older, narrower setting: "true" allows private targets for form webhooks alone. */
  WEBHOOK_ALLOW_PRIVATE: flag('WEBHOOK_ALLOW_PRIVATE'),
  /**
   * The key stored secrets are sealed with (src/server/secrets/keys.ts checks it, never echoing
   * it): required with DATABASE_URL; with the embedded database a key in DATA_DIR is used when unset.
   */
  SECRET_KEY: unsetWhenEmpty(z.string().optional()),
  /**
   * The Bearer token GET /api/metrics asks for. Unset: only callers on this machine that come
   * through no proxy may read the metrics.
   */
  METRICS_TOKEN: unsetWhenEmpty(z.string().regex(/^\S{16,}$/, 'METRICS_TOKEN must be at least 16 characters with no spaces, such as the output of: openssl rand -hex 32').optional()),
  /** During a key rotation, the key that replaces SECRET_KEY: it seals, and SECRET_KEY still opens. */
  SECRET_KEY_NEXT: unsetWhenEmpty(z.string().optional()),
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appDomain: string;
  serveDefaultSite: boolean;
  ownerEmail: string;
  /** What a fresh install starts with (only when the database holds no site yet). */
  startWith: 'demo' | 'blank';
  publicUrl: string | undefined;
  trustProxy: string | undefined;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  contentCacheBytes: number;
  /** Whether connections a site's settings choose may reach loopback and private addresses. */
  allowPrivateTargets: { webhooks: boolean; mail: boolean };
  secretKey: string | undefined;
  secretKeyNext: string | undefined;
  metricsToken: string | undefined;
};

export function readConfig(source: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ServerConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appDomain: e.APP_DOMAIN,
    serveDefaultSite: e.SERVE_DEFAULT_SITE === 'true',
    ownerEmail: e.OWNER_EMAIL,
    startWith: argv.includes('--blank') ? 'blank' : e.START_WITH,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    contentCacheBytes: Math.round(e.CONTENT_CACHE_MB * 1024 * 1024),
    allowPrivateTargets: {
      webhooks: e.OUTGOING_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === 'true',
      mail: e.OUTGOING_ALLOW_PRIVATE === 'true',
    },
    secretKey: e.SECRET_KEY,
    secretKeyNext: e.SECRET_KEY_NEXT,
    metricsToken: e.METRICS_TOKEN,
  };
}
