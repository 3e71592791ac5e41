/**
 * A signed-in team member's own account, whatever their role (or none) on the site: changing the
 * password (`POST /api/auth/Password`, the current password needed), the account's sessions
 * (`GET /api/auth/Sessions`), signing one out (`DELETE /api/auth/Sessions/:id`) and signing out
 * everywhere else (`POST /api/auth/Sessions/EndOthers`). A session is named by an opaque id
 * (services/session-list.ts), and only the account's own sessions can be named. Like the
 * two-factor calls, these belong to the account, not to a site's config areas, so they check the
 * session rather than a role; the crumb plugin checks every state-changing one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { passwordChangeBody } from '../../../../contracts/auth';
import type { Db } from '../../../../db/client';
import { siteAndAccount, zodMessage } from '../config-route';
import { AccountSecurityError, changePassword, type ChangeContext } from '../account-security';
import { sendTooMany } from '../../../rate-limits/rate-limit';
import { endOtherSessions, endSessionByHandle, SESSION_COOKIE, sessionsOf } from '../sessions';
import type { WebsiteRow } from '../../sites';
import { siteSettings } from '../../sites';
import { authentication } from '../../../../messages/authentication';

/** A change made from this request: this session stays, and the email links to the site's own config area. */
export function changeContext(app: FastifyInstance, req: FastifyRequest, site: WebsiteRow): ChangeContext {
  return {
    keepSession: req.cookies[SESSION_COOKIE],
    site: { id: site.id, title: siteSettings(site).title },
    reviewUrl: `${app.configOrigin(site)}/config/`,
  };
}

/** A refused password check: 429 with Retry-After past the limit, else 400 with the message on its field. */
export function accountSecurityFailure(reply: FastifyReply, err: AccountSecurityError, currentField: string) {
  if (err.retryAfterMs !== undefined) return sendTooMany(reply, err.retryAfterMs, { error: err.message });
  const field = err.field === 'currentPassword' ? currentField : err.field;
  return reply.code(400).send({ error: err.message, ...(field ? { errors: { [field]: err.message } } : {}) });
}

export async function registerAccountRoutes(app: FastifyInstance, db: Db) {
  const signedIn = (req: FastifyRequest, reply: FastifyReply) => siteAndAccount(app, db, req, reply);

  app.post('/api/auth/Password', async (req, reply) => {
    const who = await signedIn(req, reply);
    if (!who) return reply;
    const parsed = passwordChangeBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    try {
      await changePassword(db, app.rateLimits, who.account.id, parsed.data.currentPassword, parsed.data.newPassword, changeContext(app, req, who.site));
      return { ok: true };
    } catch (err) {
      if (err instanceof AccountSecurityError) return accountSecurityFailure(reply, err, 'currentPassword');
      throw err;
    }
  });

  app.get('/api/auth/Sessions', async (req, reply) => {
    const who = await signedIn(req, reply);
    if (!who) return reply;
    return { sessions: await sessionsOf(db, who.account.id, req.cookies[SESSION_COOKIE]) };
  });

  app.delete('/api/auth/Sessions/:id', async (req, reply) => {
    const who = await signedIn(req, reply);
    if (!who) return reply;
    const params = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, authentication.notYourSession) }).safeParse(req.params);
    if (!params.success) return reply.code(404).send({ error: authentication.notYourSession });
    if (!(await endSessionByHandle(db, who.account.id, params.data.id))) return reply.code(404).send({ error: authentication.notYourSession });
    return { ok: true };
  });

  app.post('/api/auth/Sessions/EndOthers', async (req, reply) => {
    const who = await signedIn(req, reply);
    if (!who) return reply;
    const parsed = z
      .object({})
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    return { ended: await endOtherSessions(db, who.account.id, req.cookies[SESSION_COOKIE]) };
  });
}
