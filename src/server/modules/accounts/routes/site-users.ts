/**
 * Customers on a published site (seed 001 §3, §7): `POST /api/site-users/account/session` {email,
 * password, rememberMe} answers an `xsrfToken` the browser sends back in the X-SiteUser-Xsrf-Token
 * header on the customer's own changes; `DELETE /api/site-users/account/session?cloneCart=` signs
 * out. Ours around them: sign-up with email verification, the account itself, changing the password,
 * the customer's sessions (listed, one signed out, every other one signed out), password reset, and
 * unlocking a password-protected page. Every state-changing call also passes the crumb check, and
 * the customer's own changes the xsrf header. Links in emails come from the site's own address,
 * never from the request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PATHS, ACCOUNT_PATHS } from '../../../../domain/routes';
import type { Db } from '../../../../db/client';
import { zodMessage } from '../config-route';
import { setCookie } from '../../../plugins/crumb';
import { UNLOCK_COOKIE } from '../../content';
import { pageAccessOf } from '../../content';
import { verifyPassword } from '../passwords/passwords';
import { hashedIp, refusedByLimits, type Limit } from '../../../rate-limits/rate-limit';
import { AccountSecurityError } from '../account-security';
import {
  changeMemberPassword,
  checkCredentials,
  completeMemberPasswordReset,
  endMemberSession,
  endMemberSessionByHandle,
  endOtherMemberSessions,
  MEMBER_COOKIE,
  memberForSession,
  memberSessionsOf,
  type Links,
  type MemberSession,
  renewXsrf,
  requestMemberPasswordReset,
  signUp,
  SiteUserError,
  startMemberSession,
  updateMemberProfile,
  verifyEmail,
  XSRF_HEADER,
  xsrfMatches,
} from '../site-users';
import type { WebsiteRow } from '../../sites';
import { siteSettings } from '../../sites';
import { passwordChangeBody as passwordChange } from '../../../../contracts/auth';
import { accountSecurityFailure } from './account';
import { authentication } from '../../../../messages/authentication';
import { http } from '../../../../messages/http';
import { members } from '../../../../messages/members';
import { passwords } from '../../../../messages/passwords';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const email = z.string().trim().email(authentication.enterEmail).max(256);
const password = z.string().min(1, passwords.enterPassword).max(1000);
const displayName = z.string().trim().max(100).optional();

/** What happens to the customer's cart when they sign out (the cart module's, above this one). */
export type SignOutCart = (reply: FastifyReply, site: WebsiteRow, siteUserId: string | undefined, cloneCart: boolean) => Promise<void>;

export async function registerSiteUserRoutes(app: FastifyInstance, db: Db, opts: { signOutCart?: SignOutCart } = {}) {
  const cookieOptions = (maxAgeMs?: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  });

  const siteOr404 = async (req: FastifyRequest, reply: FastifyReply): Promise<WebsiteRow | undefined> => {
    const site = await app.siteForRequest(req);
    if (!site) void reply.code(404).send({ error: http.noSite });
    return site;
  };

  const parse = <T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | undefined => {
    const parsed = schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    void reply.code(400).send(zodMessage(parsed.error));
    return undefined;
  };

  /** Counts the attempt first; a refusal is answered here (429 with Retry-After). */
  const limited = (reply: FastifyReply, limits: Limit[]) => refusedByLimits(app.rateLimits, reply, limits, { error: members.limited });

  const failure = (reply: FastifyReply, err: unknown) => {
    if (err instanceof SiteUserError) return reply.code(err.status).send({ error: err.message });
    throw err;
  };

  const links = (site: WebsiteRow): Links => {
    const origin = app.siteOrigin(site);
    return {
      verifyUrl: (token: string) => `${origin}${ACCOUNT_PATHS.VERIFY}?token=${token}`,
      resetUrl: (token: string) => `${origin}${ACCOUNT_PATHS.RESET}?token=${token}`,
      loginUrl: `${origin}${ACCOUNT_PATHS.LOGIN}`,
      forgotUrl: `${origin}${ACCOUNT_PATHS.FORGOT}`,
    };
  };
  const siteOf = (site: WebsiteRow) => ({ id: site.id, title: siteSettings(site).title });

  /** The signed-in customer whose xsrf header matches, for their own changes; otherwise the 401 or 403 is answered here. */
  const ownChange = async (req: FastifyRequest, reply: FastifyReply, site: WebsiteRow): Promise<MemberSession | undefined> => {
    const session = await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]);
    if (!session) {
      void reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
      return undefined;
    }
    const given = req.headers[XSRF_HEADER];
    if (!xsrfMatches(session, typeof given === 'string' ? given : undefined)) {
      void reply.code(403).send({ error: members.xsrf });
      return undefined;
    }
    return session;
  };

  // The one place a customer's session starts (sign-in and a confirmed address).
  const startSession = async (req: FastifyRequest, reply: FastifyReply, siteUserId: string, rememberMe: boolean) => {
    await endMemberSession(db, req.cookies[MEMBER_COOKIE]);
    const session = await startMemberSession(db, siteUserId, rememberMe, req.headers['user-agent']);
    setCookie(reply, MEMBER_COOKIE, session.id, cookieOptions(session.maxAgeMs));
    return session.xsrfToken;
  };

  // Seed 001 §7: sign in; the answer's xsrfToken is sent back as a header on later requests.
  app.post(API_PATHS.SITE_USER_SESSION, async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ email, password, rememberMe: z.boolean().default(false) }).strict(), req.body, reply);
    if (!body) return reply;
    const limits = [
      { key: `member-login:${site.id}:${body.email.toLowerCase()}`, max: 10, windowMs: FIFTEEN_MINUTES },
      { key: `member-login-ip:${hashedIp(req.ip)}`, max: 50, windowMs: FIFTEEN_MINUTES },
    ];
    // Counted before the password is checked, so guesses sent in parallel meet the limit too.
    if (await limited(reply, limits)) return reply;
    try {
      const user = await checkCredentials(db, site.id, body.email, body.password);
      await app.rateLimits.reset(limits[0]!.key);
      await app.rateLimits.forgive(limits[1]!);
      const xsrfToken = await startSession(req, reply, user.id, body.rememberMe);
      return { xsrfToken, account: { email: user.email, displayName: user.displayName } };
    } catch (err) {
      return failure(reply, err);
    }
  });

  // Seed 001 §7: sign out. With cloneCart=true the visitor they become keeps a copy of their cart (001-7.28).
  app.delete(API_PATHS.SITE_USER_SESSION, async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const query = parse(
      z.object({ cloneCart: z.enum(['true', 'false'], 'cloneCart is true or false').optional(), crumb: z.string().optional() }).strict(),
      req.query,
      reply,
    );
    if (!query) return reply;
    const member = await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]);
    await endMemberSession(db, req.cookies[MEMBER_COOKIE]);
    setCookie(reply, MEMBER_COOKIE, '', cookieOptions(0));
    await opts.signOutCart?.(reply, site, member?.user.id, query.cloneCart === 'true');
    return { ok: true };
  });

  app.get('/api/site-users/account', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]);
    if (!session) return reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
    const given = req.headers[XSRF_HEADER];
    const fresh = xsrfMatches(session, typeof given === 'string' ? given : undefined) ? {} : { xsrfToken: await renewXsrf(db, session) };
    return { account: { email: session.user.email, displayName: session.user.displayName }, ...fresh };
  });

  app.put('/api/site-users/account', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await ownChange(req, reply, site);
    if (!session) return reply;
    const body = parse(z.object({ displayName: z.string().trim().max(100) }).strict(), req.body, reply);
    if (!body) return reply;
    await updateMemberProfile(db, session.user.id, body.displayName || null);
    return { ok: true };
  });

  app.put('/api/site-users/account/password', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await ownChange(req, reply, site);
    if (!session) return reply;
    const body = parse(passwordChange, req.body, reply);
    if (!body) return reply;
    try {
      await changeMemberPassword(db, app.rateLimits, siteOf(site), session, body.currentPassword, body.newPassword, links(site));
      return { ok: true };
    } catch (err) {
      if (err instanceof AccountSecurityError) return accountSecurityFailure(reply, err, 'currentPassword');
      return failure(reply, err);
    }
  });

  app.get('/api/site-users/account/sessions', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await memberForSession(db, site.id, req.cookies[MEMBER_COOKIE]);
    if (!session) return reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
    return { sessions: await memberSessionsOf(db, session) };
  });

  app.delete('/api/site-users/account/sessions/:id', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await ownChange(req, reply, site);
    if (!session) return reply;
    const params = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }).safeParse(req.params);
    if (!params.success || !(await endMemberSessionByHandle(db, session.user.id, params.data.id))) {
      return reply.code(404).send({ error: members.noSuchSession });
    }
    return { ok: true };
  });

  app.post('/api/site-users/account/sessions/end-others', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const session = await ownChange(req, reply, site);
    if (!session) return reply;
    const body = parse(z.object({}).strict(), req.body, reply);
    if (!body) return reply;
    return { ended: await endOtherMemberSessions(db, session.user.id, session.idHash) };
  });

  app.post('/api/site-users/account', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ email, password: z.string().max(1000), displayName }).strict(), req.body, reply);
    if (!body) return reply;
    if (await limited(reply, [{ key: `member-signup-ip:${hashedIp(req.ip)}`, max: 20, windowMs: FIFTEEN_MINUTES }])) return reply;
    try {
      await signUp(db, siteOf(site), body, links(site));
      return { ok: true, message: members.signedUp };
    } catch (err) {
      return failure(reply, err);
    }
  });

  app.post('/api/site-users/account/verify', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ token: z.string().min(10).max(200) }).strict(), req.body, reply);
    if (!body) return reply;
    try {
      const user = await verifyEmail(db, site.id, body.token);
      const xsrfToken = await startSession(req, reply, user.id, false);
      return { xsrfToken, account: { email: user.email, displayName: user.displayName } };
    } catch (err) {
      return failure(reply, err);
    }
  });

  app.post('/api/site-users/account/password-reset', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ email }).strict(), req.body, reply);
    if (!body) return reply;
    if (await limited(reply, [{ key: `member-reset-ip:${hashedIp(req.ip)}`, max: 20, windowMs: FIFTEEN_MINUTES }])) return reply;
    await requestMemberPasswordReset(db, siteOf(site), body.email, links(site));
    return { ok: true, message: passwords.resetAsked };
  });

  app.post('/api/site-users/account/password-reset/complete', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ token: z.string().min(10).max(200), password: z.string().max(1000) }).strict(), req.body, reply);
    if (!body) return reply;
    try {
      await completeMemberPasswordReset(db, siteOf(site), body.token, body.password, links(site));
      setCookie(reply, MEMBER_COOKIE, '', cookieOptions(0));
      return { ok: true };
    } catch (err) {
      return failure(reply, err);
    }
  });

  // The lock screen's form: the right password unlocks the page for this browser session.
  app.post('/api/page-access/unlock', async (req, reply) => {
    const site = await siteOr404(req, reply);
    if (!site) return reply;
    const body = parse(z.object({ pageId: z.string().regex(/^[0-9a-f]{24}$/, 'not a page id'), password }).strict(), req.body, reply);
    if (!body) return reply;
    const access = await pageAccessOf(db, site.id, body.pageId);
    if (access?.type !== 'password') return reply.code(404).send({ error: members.pageNotProtected });
    // The try limit is the site's own: a copy of the site (the same page ids) counts its tries apart.
    if (await limited(reply, [{ key: `unlock:${site.id}:${body.pageId}:${hashedIp(req.ip)}`, max: 10, windowMs: FIFTEEN_MINUTES }])) return reply;
    if (!(await verifyPassword(body.password, access.passwordHash))) return reply.code(401).send({ error: members.wrongPagePassword });
    setCookie(reply, UNLOCK_COOKIE, app.pageUnlocks.add(req.cookies[UNLOCK_COOKIE], site.id, body.pageId, access.passwordHash), cookieOptions());
    return { ok: true };
  });
}
