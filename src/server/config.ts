/** The server's settings, from the environment, checked once at start. */
import path from 'node:path';
import { z } from 'zod';
import { isTileTemplate, OSM_TILES, type MapTiles } from '../domain/map';
import type { S3Settings } from './blobs/s3-store';
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from './modules/accounts';
import { SITE_CREATION_RIGHTS } from '../domain/new-sites';
import { DEFAULT_SITE_LIMITS, type SiteLimits } from './modules/sites';
import { BLANK_TEMPLATE, isTemplateId, templateIds } from './modules/content';

/** Empty (`NAME=` in an env file) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const flag = (name: string) => unsetWhenEmpty(z.enum(['true', 'false'], `${name} must be true or false`).default('false'));

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Rate-limit counters in Redis (`redis://` or `rediss://`) instead of PostgreSQL. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be a redis:// or rediss:// address')
    .optional(),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'APP_DOMAIN must be a lowercase host name such as example.com')
    .default('localhost'),
  /** "false" stops unknown hosts from getting the default site. */
  SERVE_DEFAULT_SITE: z.enum(['true', 'false']).default('true'),
  /**
   * The site a fresh install starts with: the demo site, a blank one or a template, by its id (as
   * `npm start -- --blank` and `npm start -- --template NAME` do); checked against sites/ below.
   */
  START_WITH: unsetWhenEmpty(z.string().default('demo')),
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
    .regex(
      /^(?:[0-9a-fA-F:./]+|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:[0-9a-fA-F:./]+|loopback|linklocal|uniquelocal))*$/,
      'TRUST_PROXY must list proxy addresses, such as 127.0.0.1 or 10.0.0.0/8,loopback',
    )
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
  /** The Bearer token GET /api/metrics asks for. Unset: /api/metrics serves no one. */
  METRICS_TOKEN: unsetWhenEmpty(
    z
      .string()
      .regex(/^\S{16,}$/, 'METRICS_TOKEN must be at least 16 characters with no spaces, such as the output of: openssl rand -hex 32')
      .optional(),
  ),
  /**
   * A listener of the metrics' own, without a token: a loopback address and a port (127.0.0.1:9464,
   * [::1]:9464), for a Prometheus on this machine. Unset: none.
   */
  METRICS_LISTEN: unsetWhenEmpty(
    z
      .string()
      .regex(/^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]):\d{1,5}$/, 'METRICS_LISTEN must be a loopback address and a port, such as 127.0.0.1:9464')
      .transform((value) => {
        const at = value.lastIndexOf(':');
        return { host: value.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(value.slice(at + 1)) };
      })
      .refine((at) => at.port > 0 && at.port < 65536, 'METRICS_LISTEN must name a port from 1 to 65535')
      .optional(),
  ),
  /** During a key rotation, the key that replaces SECRET_KEY: it seals, and SECRET_KEY still opens. */
  SECRET_KEY_NEXT: unsetWhenEmpty(z.string().optional()),
  /** Where uploaded files' bytes live (src/server/blobs/open.ts): the database, DATA_DIR/files, or an S3-compatible bucket. */
  FILE_STORE: unsetWhenEmpty(z.enum(['postgres', 'disk', 's3'], 'FILE_STORE must be postgres, disk or s3').default('postgres')),
  /** How many uploads at once may stream into the database (each holds a pool connection while its body arrives). */
  FILE_STORE_POSTGRES_WRITERS: unsetWhenEmpty(
    z.coerce.number('FILE_STORE_POSTGRES_WRITERS must be a whole number from 1 to 64').int().min(1).max(64).default(4),
  ),
  IMAGE_AVIF_EFFORT: unsetWhenEmpty(z.coerce.number('IMAGE_AVIF_EFFORT must be a whole number from 0 to 9').int().min(0).max(9).default(4)),
  /**
   * scrypt's cost for new password hashes, as a power of two (src/server/modules/accounts/passwords/passwords.ts).
   * Each hash keeps its own, so a change leaves every password working. The tests use the lowest.
   */
  PASSWORD_HASH_COST: unsetWhenEmpty(
    z.coerce
      .number(`PASSWORD_HASH_COST must be a whole number from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`)
      .int()
      .min(MIN_PASSWORD_HASH_COST)
      .max(MAX_PASSWORD_HASH_COST)
      .default(DEFAULT_PASSWORD_HASH_COST),
  ),
  IMAGE_CONCURRENCY: unsetWhenEmpty(z.coerce.number('IMAGE_CONCURRENCY must be a whole number from 1 to 16').int().min(1).max(16).default(2)),
  /** A copy of more pixels is encoded at the fastest effort, so a huge or noisy upload costs a bounded time. */
  IMAGE_LARGE_PIXELS: unsetWhenEmpty(z.coerce.number('IMAGE_LARGE_PIXELS must be a whole number of pixels, at least 1').int().min(1).default(8_000_000)),
  S3_BUCKET: unsetWhenEmpty(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name such as openpress-files')
      .optional(),
  ),
  S3_REGION: unsetWhenEmpty(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1')
      .default('us-east-1'),
  ),
  /** For S3-compatible services other than AWS (MinIO, R2 …). */
  S3_ENDPOINT: unsetWhenEmpty(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'S3_ENDPOINT must be an http:// or https:// address')
      .optional(),
  ),
  /** Both or neither: unset, the AWS SDK's own chain finds credentials (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().optional()),
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE'),
  /** Put before every object key, such as `openpress/`. */
  /**
   * The tile address template maps draw from (https, with {z}, {x} and {y}), and the credit its
   * provider asks for, shown on every map. Unset: OpenStreetMap's tiles (src/domain/map.ts).
   */
  MAP_TILE_URL: unsetWhenEmpty(
    z
      .string()
      .refine(isTileTemplate, 'MAP_TILE_URL must be an https:// address with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: unsetWhenEmpty(z.string().max(300, 'MAP_TILE_ATTRIBUTION must be at most 300 characters').optional()),
  MAP_TILE_ATTRIBUTION_URL: unsetWhenEmpty(
    z
      .string()
      .regex(/^https:\/\/\S+$/, 'MAP_TILE_ATTRIBUTION_URL must be an https:// address')
      .optional(),
  ),
  /** The most an archive import unpacks, in bytes (document, files and the archive's headers together). */
  IMPORT_MAX_BYTES: unsetWhenEmpty(
    z.coerce
      .number('IMPORT_MAX_BYTES must be a whole number of bytes, at least 1000000')
      .int('IMPORT_MAX_BYTES must be a whole number of bytes, at least 1000000')
      .min(1_000_000, 'IMPORT_MAX_BYTES must be a whole number of bytes, at least 1000000')
      .default(DEFAULT_SITE_LIMITS.importMaxBytes),
  ),
  /** How many times its gzipped size an archive may unpack to. */
  IMPORT_MAX_RATIO: unsetWhenEmpty(
    z.coerce
      .number('IMPORT_MAX_RATIO must be a whole number from 2 to 100000')
      .int('IMPORT_MAX_RATIO must be a whole number from 2 to 100000')
      .min(2, 'IMPORT_MAX_RATIO must be a whole number from 2 to 100000')
      .max(100_000, 'IMPORT_MAX_RATIO must be a whole number from 2 to 100000')
      .default(DEFAULT_SITE_LIMITS.importMaxRatio),
  ),
  /** The file space each site has, in MB of 1,000,000 bytes. */
  SITE_STORAGE_MB: unsetWhenEmpty(
    z.coerce
      .number('SITE_STORAGE_MB must be a number of megabytes, at least 1')
      .min(1, 'SITE_STORAGE_MB must be a number of megabytes, at least 1')
      .default(DEFAULT_SITE_LIMITS.storageBytes / 1_000_000),
  ),
  /** Who may create sites: accounts that are ADMIN of some site, any account, or only the operator (npm run site -- new). */
  SITE_CREATION: unsetWhenEmpty(z.enum(SITE_CREATION_RIGHTS, 'SITE_CREATION must be admins, anyone or operator').default(DEFAULT_SITE_LIMITS.siteCreation)),
  /** An operator's own test payment service (src/server/test-payments), or a test run's shared one; unset, `npm start` starts one beside the app, or adopts it. */
  TEST_PAYMENTS_URL: unsetWhenEmpty(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, 'TEST_PAYMENTS_URL must be an http:// or https:// address with no path')
      .optional(),
  ),
  /** Where Stripe's API answers, when not at api.stripe.com: tests point it at the test payment service. Unset in production. */
  STRIPE_API_URL: unsetWhenEmpty(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, 'STRIPE_API_URL must be an http:// or https:// address with no path')
      .optional(),
  ),
  /** "true" lets a site take a punycode identifier (xn--…). */
  ALLOW_PUNYCODE_IDENTIFIERS: flag('ALLOW_PUNYCODE_IDENTIFIERS'),
  S3_PREFIX: unsetWhenEmpty(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]{1,200}$/, "S3_PREFIX may hold only letters, digits and !_.*'()/- (at most 200)")
      .optional(),
  ),
});

/** Settings only FILE_STORE=s3 reads, checked together (the secret key is never echoed). */
function fileStoreIssues(e: z.infer<typeof env>): string[] {
  if (e.FILE_STORE !== 's3') return [];
  const issues: string[] = [];
  if (!e.S3_BUCKET) issues.push('S3_BUCKET: S3_BUCKET is required when FILE_STORE is s3');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  return issues;
}

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appDomain: string;
  serveDefaultSite: boolean;
  ownerEmail: string;
  /** What a fresh install starts with (only when the database holds no site yet): 'demo', 'blank' or a template's id. */
  startWith: string;
  publicUrl: string | undefined;
  trustProxy: string | undefined;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  contentCacheBytes: number;
  /** Whether connections a site's settings choose may reach loopback and private addresses. */
  allowPrivateTargets: { webhooks: boolean; mail: boolean };
  secretKey: string | undefined;
  secretKeyNext: string | undefined;
  metricsToken: string | undefined;
  metricsListen: { host: string; port: number } | undefined;
  /** Where file bytes live; `s3` is set when fileStore is 's3'. */
  fileStore: 'postgres' | 'disk' | 's3';
  postgresWriters: number;
  /** Images each app server makes copies of at once (each may take a few hundred MB while its AVIF copies are made). */
  imageConcurrency: number;
  imageLargePixels: number;
  /** AVIF encoder effort, 0 (fastest, larger files) to 9 (slowest, smallest). */
  imageAvifEffort: number;
  /** scrypt's cost for new password hashes, as a power of two. */
  passwordHashCost: number;
  s3: S3Settings | undefined;
  /** The tiles maps draw from (MAP_TILE_URL): OpenStreetMap's when unset. */
  mapTiles: MapTiles;
  /** Import and storage limits, who creates sites, and punycode identifiers (services/site-limits.ts). */
  siteLimits: SiteLimits;
  /** TEST_PAYMENTS_URL: the test payment service to use rather than start. */
  testPaymentsUrl: string | undefined;
  /** STRIPE_API_URL: Stripe's API elsewhere than at Stripe (tests). */
  stripeApiUrl: string | undefined;
};

/** What a fresh install starts from: `--blank`, `--template NAME` or START_WITH, one the server has (blank, the demo or a template of sites/). */
function startingSite(argv: readonly string[], fromEnv: string): string {
  const flag = argv.indexOf('--template');
  const named = argv.includes('--blank') ? BLANK_TEMPLATE : flag >= 0 ? argv[flag + 1] : fromEnv;
  if (named === undefined || named.startsWith('-')) throw new Error(`--template needs a template's name: ${templateIds().join(', ')}`);
  if (!isTemplateId(named)) {
    throw new Error(`Invalid environment: START_WITH (or --template) must be one of ${templateIds().join(', ')}, not “${named}”`);
  }
  return named;
}

export function readConfig(source: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ServerConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const storeIssues = fileStoreIssues(e);
  if (storeIssues.length > 0) throw new Error(`Invalid environment: ${storeIssues.join('; ')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appDomain: e.APP_DOMAIN,
    serveDefaultSite: e.SERVE_DEFAULT_SITE === 'true',
    ownerEmail: e.OWNER_EMAIL,
    startWith: startingSite(argv, e.START_WITH),
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
    metricsListen: e.METRICS_LISTEN,
    fileStore: e.FILE_STORE,
    postgresWriters: e.FILE_STORE_POSTGRES_WRITERS,
    imageConcurrency: e.IMAGE_CONCURRENCY,
    imageLargePixels: e.IMAGE_LARGE_PIXELS,
    imageAvifEffort: e.IMAGE_AVIF_EFFORT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    s3:
      e.FILE_STORE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX ?? '',
          }
        : undefined,
    mapTiles: mapTilesOf(e),
    testPaymentsUrl: e.TEST_PAYMENTS_URL?.replace(/\/$/, ''),
    stripeApiUrl: e.STRIPE_API_URL?.replace(/\/$/, ''),
    siteLimits: {
      importMaxBytes: e.IMPORT_MAX_BYTES,
      importMaxRatio: e.IMPORT_MAX_RATIO,
      storageBytes: Math.round(e.SITE_STORAGE_MB * 1_000_000),
      siteCreation: e.SITE_CREATION,
      allowPunycode: e.ALLOW_PUNYCODE_IDENTIFIERS === 'true',
      newStoreTestMode: e.DATABASE_URL === undefined,
    },
  };
}

/** A tile source of the operator's needs its own credit: without one, the address itself is named. */
function mapTilesOf(e: z.infer<typeof env>): MapTiles {
  if (!e.MAP_TILE_URL) return OSM_TILES;
  return {
    url: e.MAP_TILE_URL,
    attribution: e.MAP_TILE_ATTRIBUTION ?? new URL(e.MAP_TILE_URL.replace(/[{}]/g, '')).host,
    ...(e.MAP_TILE_ATTRIBUTION_URL ? { attributionUrl: e.MAP_TILE_ATTRIBUTION_URL } : {}),
  };
}
