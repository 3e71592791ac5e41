/**
 * Team members signing in and out: `POST /api/auth/Login` (ours), `POST /api/auth/Logout` (seed 000
 * §7), `GET /api/auth/Me`, accepting an invitation, and resetting a forgotten password by email. Failed logins are limited per account and per IP with counters shared by
 * all app servers. Login issues a new session id (never reuses one), sets `ss_lastid` (base64 JSON
 * with the site identifier, on the app domain, path /: seed 000 §3), and logout expires both.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE_NAMES, encodeLastId } from '../../domain/cookies';
import { visibleAreas } from '../../domain/permissions';
import { teamRoleName } from '../../domain/roles';
import type { Db } from '../../db/client';
import { roleOn, signedInAccount, zodMessage } from '../config-routes';
import { setCookie } from '../plugins/crumb';
import { requestHost } from '../request';
import { findAccountByEmail } from '../services/accounts';
import { acceptInvitation, InvitationError } from '../services/invitations';
import { completePasswordReset, PasswordResetError, requestPasswordReset } from '../services/password-resets';
import { verifyPassword } from '../services/passwords';
import { requestOrigin } from '../request';
import { exhausted, hashedIp, hit, reset, type Limit } from '../services/rate-limit';
import { createSession, endSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../services/sessions';

const loginBody = z.object({ email: z.string().trim().min(3).max(256), password: z.string().min(1).max(1000) }).strict();

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const accountLimit = (email: string): Limit => ({ key: `login-account:${email.toLowerCase()}`, max: 10, windowMs: FIFTEEN_MINUTES });
const ipLimit = (ip: string): Limit => ({ key: `login-ip:${hashedIp(ip)}`, max: 50, windowMs: FIFTEEN_MINUTES });

export const LOGIN_FAILED = 'Email or password is incorrect.';
export const LOGIN_LIMITED = 'Too many sign-in attempts. Please wait a few minutes and try again.';

function sessionCookieOptions(req: FastifyRequest, maxAgeMs: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', maxAge: Math.floor(maxAgeMs / 1000) };
}

export async function registerAuthRoutes(app: FastifyInstance, db: Db, opts: { appDomain: string }) {
  const lastIdOptions = (req: FastifyRequest, maxAge: number) => ({
    path: '/',
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    maxAge,
    // On the app domain (the site's identifier subdomain) the cookie covers the whole app domain. Browsers
    // refuse Domain=localhost and a domain the host is not under, so it is host-only elsewhere.
    ...(opts.appDomain.includes('.') && requestHost(req).endsWith(`.${opts.appDomain}`) ? { domain: opts.appDomain } : {}),
  });
  const clear = (req: FastifyRequest, reply: FastifyReply) => {
    setCookie(reply, SESSION_COOKIE, '', { ...sessionCookieOptions(req, 0), maxAge: 0 });
    setCookie(reply, COOKIE_NAMES.LAST_ID, '', lastIdOptions(req, 0));
  };

  const startSession = async (req: FastifyRequest, reply: FastifyReply, accountId: string, identifier: string) => {
    const previous = req.cookies[SESSION_COOKIE];
    if (previous) await endSession(db, previous);
    const id = await createSession(db, accountId);
    setCookie(reply, SESSION_COOKIE, id, sessionCookieOptions(req, SESSION_ABSOLUTE_MS));
    setCookie(reply, COOKIE_NAMES.LAST_ID, encodeLastId(identifier), lastIdOptions(req, Math.floor(SESSION_ABSOLUTE_MS / 1000)));
  };

  app.post('/api/auth/Login', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: 'No site is published at this address.' });
    const parsed = loginBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    const { email, password } = parsed.data;
    const limits = [accountLimit(email), ipLimit(req.ip)];
    for (const limit of limits) {
      if (await exhausted(db, limit)) return reply.code(429).send({ error: LOGIN_LIMITED });
    }
    const account = await findAccountByEmail(db, email);
    const ok = account ? await verifyPassword(password, account.passwordHash) : await verifyPassword(password, DUMMY_HASH);
    if (!account || !ok) {
      for (const limit of limits) await hit(db, limit);
      return reply.code(401).send({ error: LOGIN_FAILED });
    }
    await reset(db, limits[0]!.key);
    await startSession(req, reply, account.id, site.identifier);
    const role = await roleOn(db, site.id, account.id);
    return { account: { id: account.id, email: account.email }, role: role ?? null };
  });

  app.post('/api/auth/Logout', async (req, reply) => {
    await endSession(db, req.cookies[SESSION_COOKIE]);
    clear(req, reply);
    return {};
  });

  app.post('/api/auth/AcceptInvitation', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: 'No site is published at this address.' });
    const parsed = z.object({ token: z.string().min(10).max(200), password: z.string().max(1000).optional() }).strict().safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    const signedIn = await signedInAccount(db, req);
    try {
      const accountId = await acceptInvitation(db, site.id, parsed.data.token, signedIn ? { accountId: signedIn.id } : { password: parsed.data.password ?? '' });
      if (!signedIn) await startSession(req, reply, accountId, site.identifier);
      return { ok: true };
    } catch (err) {
      if (err instanceof InvitationError) return reply.code(400).send({ error: err.message });
      throw err;
    }
  });

  app.post('/api/auth/PasswordReset', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: 'No site is published at this address.' });
    const parsed = z.object({ email: z.string().trim().email('Enter an email address such as name@example.com.').max(256) }).strict().safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    const limit = { key: `reset-ip:${hashedIp(req.ip)}`, max: 20, windowMs: FIFTEEN_MINUTES };
    if (!(await hit(db, limit)).allowed) return reply.code(429).send({ error: LOGIN_LIMITED });
    await requestPasswordReset(db, site.id, parsed.data.email, (token) => `${requestOrigin(req)}/config/reset-password?token=${token}`);
    return { ok: true, message: 'If an account uses this email, a link to reset its password is on its way.' };
  });

  app.post('/api/auth/PasswordReset/Complete', async (req, reply) => {
    const parsed = z.object({ token: z.string().min(10).max(200), password: z.string().max(1000) }).strict().safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      await completePasswordReset(db, parsed.data.token, parsed.data.password);
      return { ok: true };
    } catch (err) {
      if (err instanceof PasswordResetError) return reply.code(400).send({ error: err.message });
      throw err;
    }
  });

  app.get('/api/auth/Me', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: 'No site is published at this address.' });
    const account = await signedInAccount(db, req);
    if (!account) return reply.code(401).send({ error: 'Sign in to continue.', loginRequired: true });
    const role = await roleOn(db, site.id, account.id);
    return {
      account,
      site: { id: site.id, identifier: site.identifier, title: (site.settings as { title: string }).title },
      role: role ?? null,
      roleName: role === undefined ? null : (teamRoleName(role) ?? null),
      areas: role === undefined ? [] : visibleAreas(role),
    };
  });
}

/** Verified against when the email is unknown, so both failures take the same time. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
