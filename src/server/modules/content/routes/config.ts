/**
 * The config area's calls (all through `configRoute`, so every one is role-checked): site
 * settings, pages, team and the activity log. The site's mail server settings are in ./smtp.ts; its
 * export and import (ADMINs) in ./site-transfer.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { editableSettingsBody, headerFooterBody, invitationBody, roleChangeBody, transferOwnershipBody } from '../../../../contracts/site';
import { configRoute } from '../../accounts';
import { SiteConflictError, updateHeaderFooter, updateSiteSettings } from '../sites/sites';
import { listPages } from '../site-pages';
import { currentSiteSettings } from '../../sites';
import { changeRole, listTeam, recentTeamActivity, removeMember, TeamRuleError, transferOwnership } from '../../accounts';
import { invite, pendingInvitations } from '../../accounts';
import { siteFooter, siteHeader, siteSettings } from '../../sites';
import { headerImageRefusals } from '../../files';
import { jobCounts, listJobs, retryJob, JOB_STATUSES } from '../../../jobs/queue';
import { requestHost } from '../../../request';
import { registerSiteTransferApi } from './site-transfer';
import { identifierRefused } from '../../sites';
import { registerSmtpApi } from '../../../mail/routes';
import { team } from '../../../../messages/team';

const memberParams = z.object({ accountId: z.string().regex(/^[0-9a-f]{24}$/, 'not a member id') });

/** A change to one team member: 400 for a malformed id, 404 when not a member, 409 when it would break a team rule. */
async function teamChange(params: unknown, reply: FastifyReply, change: (memberId: string) => Promise<boolean>) {
  const parsed = memberParams.safeParse(params);
  if (!parsed.success) return reply.code(400).send({ error: team.notMember });
  try {
    if (!(await change(parsed.data.accountId))) return reply.code(404).send({ error: team.notMember });
    return { ok: true };
  } catch (err) {
    if (err instanceof TeamRuleError) return reply.code(409).send({ error: err.message });
    throw err;
  }
}

export async function registerConfigApi(app: FastifyInstance, db: Db, opts: { appDomain: string }) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/site',
    area: 'settings',
    access: 'read',
    // Read afresh (the request's site row may predate a change just made), and parsed so a site
    // stored before newer settings existed answers their defaults.
    handler: async ({ site }) => currentSiteSettings(db, site.id),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/site',
    area: 'settings',
    access: 'write',
    body: editableSettingsBody,
    handler: async ({ req, reply, site, account, body }) => {
      // A site keeps the identifier it has; a new one may not be reserved.
      const refusal =
        body.identifier !== undefined && body.identifier !== site.identifier ? identifierRefused(body.identifier, app.siteLimits, opts.appDomain) : undefined;
      if (refusal) return reply.code(400).send({ error: refusal, errors: { identifier: refusal } });
      let moved: { identifier: string; previousIdentifier: string };
      try {
        moved = await updateSiteSettings(db, site.id, body, account.id);
      } catch (err) {
        if (err instanceof SiteConflictError) return reply.code(409).send({ error: err.message, errors: { identifier: err.message } });
        throw err;
      }
      if (moved.identifier === moved.previousIdentifier) return { ok: true };
      // The site now answers on its new subdomain. The session cookie is host-only: someone signed in
      // at the old subdomain signs in again at the new one
      // (docs/decisions/0034-changing-the-site-identifier.md).
      const address = `${app.configOrigin({ identifier: moved.identifier })}/`;
      return { ok: true, address, configAddress: `${address}config/`, signInAgain: requestHost(req) === `${moved.previousIdentifier}.${opts.appDomain}` };
    },
  });

  await registerSmtpApi(app, db);

  // Seed 001 §7: GET and PUT /api/site-header-footer carry `header` and `footer`.
  configRoute(app, db, {
    method: 'GET',
    url: '/api/site-header-footer',
    area: 'design',
    access: 'read',
    // As stored, a link the rules refuse included: the editor shows it, and saving asks for it mended.
    handler: async ({ site }) => ({ header: siteHeader(site), footer: siteFooter(site) }),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/site-header-footer',
    area: 'design',
    access: 'write',
    body: headerFooterBody,
    handler: async ({ site, account, body, reply }) => {
      const refusals = await headerImageRefusals(db, site.id, body.header);
      const first = Object.values(refusals)[0];
      if (first) return reply.code(400).send({ error: first, errors: refusals });
      await updateHeaderFooter(db, site.id, body.header, body.footer, account.id);
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/pages',
    area: 'pages',
    access: 'read',
    handler: async ({ site }) => ({ pages: await listPages(db, site.id) }),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/team',
    area: 'team',
    access: 'read',
    handler: async ({ site }) => ({ members: await listTeam(db, site.id) }),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/team/:accountId',
    area: 'team',
    access: 'write',
    body: roleChangeBody,
    handler: async ({ req, reply, site, account, body }) =>
      teamChange(req.params, reply, (memberId) => changeRole(db, site.id, account.id, memberId, body.role)),
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/config/team/:accountId',
    area: 'team',
    access: 'write',
    handler: async ({ req, reply, site, account }) => teamChange(req.params, reply, (memberId) => removeMember(db, site.id, account.id, memberId)),
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/team/:accountId/transfer-ownership',
    area: 'team',
    access: 'write',
    body: transferOwnershipBody,
    handler: async ({ req, reply, site, account, body }) =>
      teamChange(req.params, reply, (memberId) => transferOwnership(db, site.id, account.id, memberId, body.yourNewRole)),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/team/invitations',
    area: 'team',
    access: 'read',
    handler: async ({ site }) => ({ invitations: await pendingInvitations(db, site.id) }),
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/team/invitations',
    area: 'team',
    access: 'write',
    body: invitationBody,
    handler: async ({ site, account, body }) => {
      await invite(db, {
        websiteId: site.id,
        siteTitle: siteSettings(site).title,
        email: body.email,
        role: body.role,
        invitedBy: account.id,
        // From the config area's own address, never the request's Host (docs/security.md).
        acceptUrl: (token) => `${app.configOrigin(site)}/config/invitation?token=${token}`,
      });
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/jobs',
    area: 'system',
    access: 'read',
    query: z.object({ status: z.enum(JOB_STATUSES).optional() }).strict(),
    handler: async ({ site, query }) => ({
      counts: await jobCounts(db, site.id),
      jobs: (await listJobs(db, site.id, query.status)).map((j) => ({
        id: j.id,
        kind: j.kind,
        status: j.status,
        attempts: j.attempts,
        maxAttempts: j.maxAttempts,
        lastError: j.lastError,
        runAt: j.runAt,
        createdAt: j.createdAt,
      })),
    }),
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/jobs/:id/retry',
    area: 'system',
    access: 'write',
    handler: async ({ req, reply, site }) => {
      const id = Number((req.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) return reply.code(400).send({ error: team.notJob });
      if (!(await retryJob(db, site.id, id))) return reply.code(404).send({ error: team.noFailedJob });
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/activity',
    area: 'activity',
    access: 'read',
    handler: async ({ site }) => ({ entries: await recentTeamActivity(db, site.id) }),
  });

  registerSiteTransferApi(app, db, app.blobs);
}
