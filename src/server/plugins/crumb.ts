/**
 * The crumb (anti-forgery token, seed 000 §3, §4, §7). Every visitor gets a `crumb` cookie
 * (strictly necessary, so set before consent). Every state-changing call must carry the same
 * value as the `crumb` query parameter or the `X-CSRF-Token` header; the value is signed with a
 * secret all app servers share, so a cookie planted by another site cannot pass. A missing or stale
 * crumb answers 403 `{crumbFail: true, crumb: NEW}` and sets the new cookie, and the data-request
 * client retries once. The fire-and-forget ingestion calls are exempt and checked by their own rules.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_NAMES } from '../../domain/cookies';
import type { Db } from '../../db/client';
import { serverSettings } from '../../db/schema';

export const CRUMB_HEADER = 'x-csrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
  }
}

/** The secret that signs crumbs, made once and kept in the database so every app server shares it. */
export async function serverSecret(db: Db, key: string): Promise<string> {
  await db.insert(serverSettings).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (!row) throw new Error(`server setting ${key} is missing`);
  return row.value;
}

export function crumbTools(secret: string) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 22);
  return {
    issue(): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    valid(value: string | undefined): boolean {
      if (!value) return false;
      const [nonce, mac] = value.split('.');
      if (!nonce || !mac) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export function setCookie(reply: FastifyReply, name: string, value: string, opts: Parameters<typeof stringifySetCookie>[2]) {
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
  reply.header('set-cookie', [...list, stringifySetCookie(name, value, opts)]);
}

export function crumbCookieOptions(req: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: req.protocol === 'https' };
}

/** For API callers other than the runtime (which retries with the new crumb on its own). */
export const CRUMB_FAIL_MESSAGE = 'The security token (crumb) was missing or out of date. Send the new crumb this answer sets, or reload the page, and try again.';

export async function registerCrumb(app: FastifyInstance, db: Db, opts: { exempt: (req: FastifyRequest) => boolean }) {
  const tools = crumbTools(await serverSecret(db, 'crumb_secret'));
  app.decorateRequest('cookies', undefined as unknown as Record<string, string | undefined>);
  app.addHook('onRequest', async (req, reply) => {
    req.cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
    const cookieCrumb = req.cookies[COOKIE_NAMES.CRUMB];
    const hasValidCookie = tools.valid(cookieCrumb);
    if (!STATE_CHANGING.has(req.method)) {
      if (!hasValidCookie && !req.url.startsWith('/assets/') && !req.url.startsWith('/s/')) setCookie(reply, COOKIE_NAMES.CRUMB, tools.issue(), crumbCookieOptions(req));
      return;
    }
    if (opts.exempt(req)) return;
    const query = req.query as Record<string, unknown> | undefined;
    const sent = (typeof query?.crumb === 'string' ? query.crumb : undefined) ?? (req.headers[CRUMB_HEADER] as string | undefined);
    if (hasValidCookie && sent === cookieCrumb) return;
    const fresh = tools.issue();
    setCookie(reply, COOKIE_NAMES.CRUMB, fresh, crumbCookieOptions(req));
    return reply.code(403).send({ crumbFail: true, crumb: fresh, error: CRUMB_FAIL_MESSAGE });
  });
}
