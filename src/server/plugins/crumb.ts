/**
 * The crumb (anti-forgery token, seed 000 §3, §4, §7), and where state-changing calls may come from.
 *
 * Every visitor gets a `crumb` cookie (strictly necessary, so set before consent). Every
 * state-changing call must carry the same value as the `crumb` query parameter or the
 * `X-CSRF-Token` header. An anonymous visitor's crumb is a random value enciphered under a key all
 * app servers derive from one shared secret, so a cookie made up elsewhere cannot pass; a signed-in team member's crumb
 * is an HMAC of their session id, so a crumb fetched by someone else and planted in the member's
 * browser does not pass either. Signing in replaces the crumb (`crumbs.startSession`), signing out
 * gives a fresh anonymous one. A missing or stale crumb answers 403 `{crumbFail: true, crumb: NEW}`
 * and sets the new cookie, and the data-request client retries once. Customers keep the seed's
 * session-bound xsrfToken besides. The fire-and-forget ingestion calls are exempt from the crumb
 * and checked by their own rules.
 *
 * Before the crumb, every state-changing call is refused (403) when the browser says it came from
 * another site: an `Origin` that is not the host the call was sent to nor one of the site's own
 * hosts (its identifier subdomain, its custom domains), or `Sec-Fetch-Site: cross-site`. A call
 * with neither header (a program, a mail provider's one-click unsubscribe) is judged by its crumb
 * or its own token alone.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_NAMES } from '../../domain/cookies';
import type { Db } from '../../db/client';
import { parseHostHeader } from '../http/host-check';
import { serverSecret } from '../secrets/server-secrets';
import { SESSION_COOKIE } from '../modules/accounts';
import { http } from '../../messages/http';

export const CRUMB_HEADER = 'x-csrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = http.crossSite;

declare module 'fastify' {
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
  }
  interface FastifyInstance {
    crumbs: CrumbKeeper;
  }
}

/** Anonymous crumbs made at a time: their random halves drawn in one call, and enciphered in one call. */
const CRUMBS_PER_BLOCK = 256;
/** An anonymous crumb is one cipher block: RANDOM_BYTES random, the rest zero until enciphered. */
const BLOCK = 16;
const RANDOM_BYTES = 8;
/** A block in base64url: 22 characters, the last carrying 2 bits and 4 of zero padding (so each block has one spelling). */
const ANONYMOUS_CRUMB = /^[A-Za-z0-9_-]{21}[AQgw]$/;

export function crumbTools(secret: string) {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  // An anonymous crumb is 8 random bytes and 8 zero bytes enciphered as one AES block under a key
  // derived from the secret: only the key's holder can make a block that deciphers to zeros in its
  // second half (a guess succeeds once in 2^64), and each is as unguessable as its random half. A
  // signature per crumb (an HMAC each) was the largest cost of a first visit's cached page; a block
  // of 256 crumbs is one call into the random source and one into the cipher, and ECB over
  // independent blocks is exactly a keyed permutation of each. Crumbs are handed out once each.
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'openpress anonymous crumb', 32));
  const encipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const decipher = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const ready: string[] = [];
  const refill = () => {
    const plain = Buffer.alloc(BLOCK * CRUMBS_PER_BLOCK);
    const random = randomBytes(RANDOM_BYTES * CRUMBS_PER_BLOCK);
    for (let i = 0; i < CRUMBS_PER_BLOCK; i++) random.copy(plain, i * BLOCK, i * RANDOM_BYTES, (i + 1) * RANDOM_BYTES);
    // Without padding, an ECB cipher holds nothing back: update alone enciphers every block, so one
    // cipher (and one decipher) serves every call.
    const sealed = encipher.update(plain);
    for (let i = 0; i < CRUMBS_PER_BLOCK; i++) ready.push(sealed.toString('base64url', i * BLOCK, (i + 1) * BLOCK));
  };
  return {
    /** An anonymous visitor's crumb: one enciphered block. */
    issue(): string {
      if (ready.length === 0) refill();
      return ready.pop()!;
    },
    /** A signed-in team member's crumb: bound to the session id, so it cannot be handed to another browser. */
    forSession(sessionId: string): string {
      return `s.${mac(`session-crumb\n${sessionId}`)}`;
    },
    /** Whether `value` is the crumb this browser should hold: its session's, or (with no session) any crumb of ours. */
    valid(value: string | undefined, sessionId?: string): boolean {
      if (!value) return false;
      if (sessionId) return same(value, this.forSession(sessionId));
      if (!ANONYMOUS_CRUMB.test(value)) return false;
      const plain = decipher.update(Buffer.from(value, 'base64url'));
      let zeros = 0;
      for (let i = RANDOM_BYTES; i < BLOCK; i++) zeros |= plain[i]!;
      return plain.length === BLOCK && zeros === 0;
    },
  };
}

export type CrumbKeeper = {
  /** Whether the request carries the crumb its cookies call for, sent back as `sent`. */
  passes(req: FastifyRequest, sent: string | undefined): boolean;
  /** Answers 403 crumbFail with a fresh crumb (also set as the cookie). */
  refuse(req: FastifyRequest, reply: FastifyReply): FastifyReply;
  /** At sign-in: the crumb bound to the new session. */
  startSession(reply: FastifyReply, sessionId: string): void;
  /** At sign-out: a fresh anonymous crumb. */
  endSession(reply: FastifyReply): void;
  /**
   * The `Set-Cookie` a page view or other safe request gets from its cookies: a new crumb when it
   * carries none valid for its session, else nothing. Also used by the plain-Node cached-page path.
   */
  visitCookie(cookies: Record<string, string | undefined>, secure: () => boolean): string | undefined;
};

/**
 * The one way the server sets a cookie. Secure is decided here for every cookie, from the request
 * (TLS, as a trusted proxy reports it) and PUBLIC_URL, so no caller can forget it. Fastify appends
 * each set-cookie value to the ones already set.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, opts: Omit<NonNullable<Parameters<typeof stringifySetCookie>[2]>, 'secure'>) {
  reply.header('set-cookie', stringifySetCookie(name, value, { ...opts, secure: reply.server.secureCookies(reply.request) }));
}

export const CRUMB_COOKIE_OPTIONS = { path: '/', sameSite: 'lax' as const };

/** For API callers other than the runtime (which retries with the new crumb on its own). */
export const CRUMB_FAIL_MESSAGE = http.crumbFailed;

/** The hosts a site's own pages are served from, for the Origin check. */
export type SiteHosts = (req: FastifyRequest) => Promise<readonly string[]>;

/**
 * Addresses whose answers never set the crumb cookie: files, built assets and the site icon (cached
 * by browsers and CDNs), the health and metrics checks, which load balancers and scrapers call without
 * keeping cookies, and a product page's availability call, which sets no cookie (src/contracts/catalogue.ts).
 */
const NO_CRUMB_COOKIE = [
  '/assets/',
  '/fonts/',
  '/s/',
  '/favicon',
  '/apple-touch-icon',
  '/api/health/',
  '/api/metrics',
  '/api/commerce/product-availability/',
] as const;

/** Whether the browser says this call came from another site (see the module comment). */
export async function fromAnotherSite(req: FastifyRequest, siteHosts: SiteHosts): Promise<boolean> {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site'] === 'cross-site';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true; // 'null' (a sandboxed frame, a redirect from elsewhere) and anything unreadable
  }
  const parsed = parseHostHeader(host);
  if (!parsed) return true;
  if (parsed.host === req.hostHeader.host) return false;
  return !(await siteHosts(req)).includes(parsed.hostname);
}

export async function registerCrumb(app: FastifyInstance, db: Db, opts: { exempt: (req: FastifyRequest) => boolean; siteHosts: SiteHosts }) {
  const tools = crumbTools(await serverSecret(db, 'crumb_secret'));
  const sessionOf = (req: FastifyRequest) => req.cookies[SESSION_COOKIE] || undefined;
  const crumbFor = (req: FastifyRequest) => {
    const session = sessionOf(req);
    return session ? tools.forSession(session) : tools.issue();
  };
  const attributesOf = (secure: boolean) =>
    stringifySetCookie(COOKIE_NAMES.CRUMB, '', { ...CRUMB_COOKIE_OPTIONS, secure }).slice(`${COOKIE_NAMES.CRUMB}=`.length);
  const attributes = attributesOf(false);
  const secureAttributes = attributesOf(true);
  const keeper: CrumbKeeper = {
    passes(req, sent) {
      const cookie = req.cookies[COOKIE_NAMES.CRUMB];
      return sent !== undefined && sent === cookie && tools.valid(cookie, sessionOf(req));
    },
    refuse(req, reply) {
      const fresh = crumbFor(req);
      setCookie(reply, COOKIE_NAMES.CRUMB, fresh, CRUMB_COOKIE_OPTIONS);
      return reply.code(403).send({ crumbFail: true, crumb: fresh, error: CRUMB_FAIL_MESSAGE });
    },
    startSession(reply, sessionId) {
      setCookie(reply, COOKIE_NAMES.CRUMB, tools.forSession(sessionId), CRUMB_COOKIE_OPTIONS);
    },
    endSession(reply) {
      setCookie(reply, COOKIE_NAMES.CRUMB, tools.issue(), CRUMB_COOKIE_OPTIONS);
    },
    visitCookie(cookies, secure) {
      const session = cookies[SESSION_COOKIE] || undefined;
      if (tools.valid(cookies[COOKIE_NAMES.CRUMB], session)) return undefined;
      // A crumb is base64url and dots, which a cookie holds as they are: only the attributes need the library, once.
      return `${COOKIE_NAMES.CRUMB}=${session ? tools.forSession(session) : tools.issue()}${secure() ? secureAttributes : attributes}`;
    },
  };
  app.decorate('crumbs', keeper);
  app.decorateRequest('cookies', undefined as unknown as Record<string, string | undefined>);
  app.addHook('onRequest', async (req, reply) => {
    req.cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
    if (!STATE_CHANGING.has(req.method)) {
      if (NO_CRUMB_COOKIE.some((prefix) => req.url.startsWith(prefix))) return;
      const cookie = keeper.visitCookie(req.cookies, () => app.secureCookies(req));
      if (cookie) reply.header('set-cookie', cookie);
      return;
    }
    if (await fromAnotherSite(req, opts.siteHosts)) return reply.code(403).header('cache-control', 'no-store').send({ error: CROSS_SITE_MESSAGE });
    if (opts.exempt(req)) return;
    const query = req.query as Record<string, unknown> | undefined;
    const sent = (typeof query?.crumb === 'string' ? query.crumb : undefined) ?? (req.headers[CRUMB_HEADER] as string | undefined);
    if (keeper.passes(req, sent)) return;
    return keeper.refuse(req, reply);
  });
}
