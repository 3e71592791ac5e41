/**
 * Team members signing in and out: `POST /api/auth/Login` (ours), `POST /api/auth/Logout` (seed 000
 * §7), `GET /api/auth/Me`, accepting an invitation, and resetting a forgotten password by email. Failed logins are limited per account and per IP with counters shared by
 * all app servers. Login issues a new session id (never reuses one), sets `ss_lastid` (base64 JSON
 * with the site identifier, on the app domain, path /: seed 000 §3), and logout expires both.
 *
 * Two-factor sign-in: for an account with it on, a right password answers a short-lived ticket
 * instead of a session, and `POST /api/auth/Login/TwoFactor` with the ticket and a code from the
 * authenticator app (or one of the account's recovery codes) signs in through the same steps as
 * Login. `POST /api/auth/TwoFactor/Begin`, `/Confirm` (which answers the recovery codes, shown
 * once), `/Disable` and `/RecoveryCodes` set it up, turn it off and make new recovery codes for the
 * signed-in account. Links in emails come from the config area's own address (the site's identifier
 * subdomain), never from the request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE_NAMES, encodeLastId } from '../../../../domain/cookies';
import { visibleAreas } from '../../../../domain/permissions';
import { teamRoleName } from '../../../../domain/roles';
import type { Db } from '../../../../db/client';
import { signedInAccount, zodMessage } from '../config-route';
import { setCookie } from '../../../plugins/crumb';
import { serverSecret } from '../../../secrets/server-secrets';
import { acceptInvitationBody, passwordResetBody, passwordResetCompleteBody, type Me } from '../../../../contracts/auth';
import { requestHost } from '../../../request';
import { AccountSecurityError } from '../account-security';
import { recoveryCodesLeft } from '../two-factor/recovery-codes';
import { accountSecurityFailure, changeContext } from './account';
import { siteAndAccount } from '../config-route';
import type { WebsiteRow } from '../../sites';
import { siteSettings } from '../../sites';
import { acceptInvitation, InvitationError } from '../invitations';
import { completePasswordReset, PasswordResetError, requestPasswordReset } from '../passwords/password-resets';
import { hashedIp, refusedByLimits, retryAfterSeconds, sendTooMany } from '../../../rate-limits/rate-limit';
import { endSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../sessions';
import { roleOn, sitesOfAccount } from '../team';
import {
  beginTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  loginTickets,
  renewRecoveryCodes,
  TwoFactorError,
  twoFactorOn,
  type TwoFactorProblem,
} from '../two-factor/two-factor';
import { authentication } from '../../../../messages/authentication';
import { http } from '../../../../messages/http';
import { passwords } from '../../../../messages/passwords';
import { twoFactor } from '../../../../messages/two-factor';
import { mayCreateSites } from '../../sites';
import { codeOrRecoveryField, completeSignIn, LOGIN_LIMITED, signIn, SignInRefusal, startSession, type SignInDeps } from '../operations/sign-in';

/** Six digits; spaces are dropped, since apps show the code as `123 456`. */
const codeField = z
  .string({ error: twoFactor.enterCode })
  .max(20, twoFactor.enterCode)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactor.enterCode));
const passwordField = z.string({ error: passwords.enterPassword }).min(1, passwords.enterPassword).max(1000);

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A wrong code at sign-in is a failed sign-in (401); on the account screen the session is fine and the input is not (400). */
function twoFactorStatus(problem: TwoFactorProblem, atSignIn: boolean): number {
  switch (problem) {
    case 'limited':
      return 429;
    case 'alreadyOn':
    case 'notStarted':
    case 'notOn':
      return 409;
    case 'ticketExpired':
    case 'ticketInvalid':
      return 401;
    case 'wrong':
    case 'wrongRecovery':
    case 'used':
      return atSignIn ? 401 : 400;
    case 'wrongPassword':
      return 400;
  }
}

function sessionCookieOptions(maxAgeMs: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, maxAge: Math.floor(maxAgeMs / 1000) };
}

export async function registerAuthRoutes(app: FastifyInstance, db: Db, opts: { appDomain: string }) {
  const lastIdOptions = (req: FastifyRequest, maxAge: number) => ({
    path: '/',
    sameSite: 'lax' as const,
    maxAge,
    // On the app domain (the site's identifier subdomain) the cookie covers the whole app domain. Browsers
    // refuse Domain=localhost and a domain the host is not under, so it is host-only elsewhere.
    ...(opts.appDomain.includes('.') && requestHost(req).endsWith(`.${opts.appDomain}`) ? { domain: opts.appDomain } : {}),
  });
  const clear = (req: FastifyRequest, reply: FastifyReply) => {
    setCookie(reply, SESSION_COOKIE, '', { ...sessionCookieOptions(0), maxAge: 0 });
    setCookie(reply, COOKIE_NAMES.LAST_ID, '', lastIdOptions(req, 0));
    app.crumbs.endSession(reply);
  };

  /** The cookies of a session just started; the anonymous crumb is replaced by one bound to it. */
  const sessionCookies = (req: FastifyRequest, reply: FastifyReply, sessionId: string, identifier: string) => {
    setCookie(reply, SESSION_COOKIE, sessionId, sessionCookieOptions(SESSION_ABSOLUTE_MS));
    setCookie(reply, COOKIE_NAMES.LAST_ID, encodeLastId(identifier), lastIdOptions(req, Math.floor(SESSION_ABSOLUTE_MS / 1000)));
    app.crumbs.startSession(reply, sessionId);
  };
  const visitor = (req: FastifyRequest) => ({ previousSession: req.cookies[SESSION_COOKIE], userAgent: req.headers['user-agent'] });

  const signInDeps: SignInDeps = { db, rateLimits: app.rateLimits, tickets: loginTickets(await serverSecret(db, 'login_ticket_secret')) };

  const twoFactorFailure = (reply: FastifyReply, err: unknown, atSignIn: boolean) => {
    if (!(err instanceof TwoFactorError)) throw err;
    if (err.retryAfterMs !== undefined) void reply.header('retry-after', retryAfterSeconds(err.retryAfterMs));
    return reply.code(twoFactorStatus(err.problem, atSignIn)).send({ error: err.message, problem: err.problem });
  };

  /** Either way of signing in: the session's cookies and the answer, or the refusal. */
  const signInCall = (url: string, operation: (site: WebsiteRow, req: FastifyRequest) => ReturnType<typeof signIn>) =>
    app.post(url, async (req, reply) => {
      const site = await app.siteForRequest(req);
      if (!site) return reply.code(404).send({ error: http.noSite });
      try {
        const result = await operation(site, req);
        if (!('sessionId' in result)) return result;
        sessionCookies(req, reply, result.sessionId, site.identifier);
        return result.answer;
      } catch (err) {
        if (!(err instanceof SignInRefusal)) return twoFactorFailure(reply, err, true);
        if (err.reason === 'limited') return sendTooMany(reply, err.retryAfterMs ?? 0, { error: err.message });
        return reply.code(err.reason === 'wrong' ? 401 : 400).send({ error: err.message, ...(err.errors ? { errors: err.errors } : {}) });
      }
    });

  signInCall('/api/auth/Login', (site, req) => signIn(signInDeps, { websiteId: site.id, body: req.body, ip: req.ip, ...visitor(req) }));
  signInCall('/api/auth/Login/TwoFactor', (site, req) => completeSignIn(signInDeps, { websiteId: site.id, body: req.body, ...visitor(req) }));

  app.post('/api/auth/TwoFactor/Begin', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    try {
      return await beginTwoFactor(db, who.account.id);
    } catch (err) {
      return twoFactorFailure(reply, err, false);
    }
  });

  app.post('/api/auth/TwoFactor/Confirm', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    const parsed = z
      .object({ code: codeField })
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      const recoveryCodes = await confirmTwoFactor(db, app.rateLimits, who.account.id, parsed.data.code, changeContext(app, req, who.site));
      return { twoFactor: true, recoveryCodes };
    } catch (err) {
      return twoFactorFailure(reply, err, false);
    }
  });

  app.post('/api/auth/TwoFactor/Disable', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    const parsed = z
      .object({ password: passwordField, code: codeOrRecoveryField })
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      await disableTwoFactor(db, app.rateLimits, who.account.id, parsed.data.password, parsed.data.code, changeContext(app, req, who.site));
      return { twoFactor: false };
    } catch (err) {
      return twoFactorFailure(reply, err, false);
    }
  });

  app.post('/api/auth/TwoFactor/RecoveryCodes', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    const parsed = z
      .object({ password: passwordField })
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      return { recoveryCodes: await renewRecoveryCodes(db, app.rateLimits, who.account.id, parsed.data.password, changeContext(app, req, who.site)) };
    } catch (err) {
      if (err instanceof AccountSecurityError) return accountSecurityFailure(reply, err, 'password');
      return twoFactorFailure(reply, err, false);
    }
  });

  app.post('/api/auth/Logout', async (req, reply) => {
    await endSession(db, req.cookies[SESSION_COOKIE]);
    clear(req, reply);
    return {};
  });

  app.post('/api/auth/AcceptInvitation', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: http.noSite });
    const parsed = acceptInvitationBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    const signedIn = await signedInAccount(db, req);
    try {
      const accountId = await acceptInvitation(
        db,
        { id: site.id, title: siteTitle(site) },
        parsed.data.token,
        signedIn ? { accountId: signedIn.id } : { password: parsed.data.password ?? '' },
      );
      if (!signedIn) sessionCookies(req, reply, await startSession(db, accountId, visitor(req)), site.identifier);
      return { ok: true };
    } catch (err) {
      if (err instanceof InvitationError) return reply.code(400).send({ error: err.message });
      throw err;
    }
  });

  app.post('/api/auth/PasswordReset', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: http.noSite });
    const parsed = passwordResetBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    if (await refusedByLimits(app.rateLimits, reply, [{ key: `reset-ip:${hashedIp(req.ip)}`, max: 20, windowMs: FIFTEEN_MINUTES }], { error: LOGIN_LIMITED }))
      return reply;
    await requestPasswordReset(db, site.id, parsed.data.email, (token) => `${app.configOrigin(site)}/config/reset-password?token=${token}`);
    return { ok: true, message: passwords.resetAsked };
  });

  app.post('/api/auth/PasswordReset/Complete', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: http.noSite });
    const parsed = passwordResetCompleteBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      await completePasswordReset(db, parsed.data.token, parsed.data.password, changeContext(app, req, site));
      return { ok: true };
    } catch (err) {
      if (err instanceof PasswordResetError) return reply.code(400).send({ error: err.message });
      throw err;
    }
  });

  app.get('/api/auth/Me', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: http.noSite });
    const account = await signedInAccount(db, req);
    if (!account) return reply.code(401).send({ error: authentication.signInToContinue, loginRequired: true });
    const role = await roleOn(db, site.id, account.id);
    const twoFactor = await twoFactorOn(db, account.id);
    const sites = await sitesOf(db, account.id, app);
    const me: Me = {
      account,
      twoFactor,
      recoveryCodesLeft: twoFactor ? await recoveryCodesLeft(db, account.id) : null,
      site: { id: site.id, identifier: site.identifier, title: siteTitle(site) },
      role: role ?? null,
      roleName: role === undefined ? null : (teamRoleName(role) ?? null),
      areas: role === undefined ? [] : visibleAreas(role),
      sites,
      siteCreation: {
        allowed: mayCreateSites(
          app.siteLimits.siteCreation,
          sites.map((s) => s.role),
        ),
        by: app.siteLimits.siteCreation,
      },
    };
    return me;
  });
}

/**
 * Every site the account is on the team of, with the address of its config area (on the site's
 * identifier subdomain, seed 000 §2; never the request's), for the site picker. Sessions are per host, so going
 * to another site's config area signs in there.
 */
async function sitesOf(db: Db, accountId: string, app: FastifyInstance) {
  const rows = await sitesOfAccount(db, accountId);
  return rows.map((r) => ({
    identifier: r.identifier,
    title: siteSettings(r).title,
    role: r.role,
    roleName: teamRoleName(r.role) ?? null,
    configUrl: `${app.configOrigin(r)}/config/`,
  }));
}

function siteTitle(site: WebsiteRow): string {
  return siteSettings(site).title;
}
