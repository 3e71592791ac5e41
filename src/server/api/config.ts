/**
 * The config area's calls (all through `configRoute`, so every one is role-checked): site
 * settings, pages, team, the activity log, and the site document's export and import for ADMINs.
 * The site's mail server settings are in ./smtp.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { siteDocumentSchema } from '../../blocks/site-document';
import { isTeamRole, TEAM_ROLES } from '../../domain/roles';
import type { Db } from '../../db/client';
import { asc, eq } from 'drizzle-orm';
import { pages, websites } from '../../db/schema';
import { BADGE_TYPES, INFO_BAR_STYLES } from '../../domain/website';
import { loadDocument } from '../../document/load';
import { readStored } from '../../document/link';
import { footerSchema, headerSchema, settingsSchema } from '../../document/schema';
import { configRoute } from '../config-routes';
import { recentActivity } from '../services/activity';
import { exportSite, importSite, SiteConflictError, updateHeaderFooter, updateSiteSettings } from '../services/sites';
import { changeRole, listTeam, removeMember, TeamRuleError, transferOwnership } from '../services/team';
import { invite, pendingInvitations } from '../services/invitations';
import { jobCounts, listJobs, retryJob, JOB_STATUSES } from '../jobs/queue';
import { requestHost } from '../request';
import { registerSmtpApi } from './smtp';
import { authentication } from '../../messages/authentication';
import { team } from '../../messages/team';

const settingsShape = settingsSchema.shape;
const contactShape = settingsShape.contact.unwrap().shape;
/** An empty contact field means none. */
const blankIsNone = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);

/** A number of days to keep data, 1 to 3650; null removes the setting (`unset` says what that means). */
function retentionDays(unset: string) {
  const message = `must be a whole number of days from 1 to 3650, ${unset}`;
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(3650, message)
    .nullable()
    .transform((days) => days ?? undefined);
}

/**
 * What PUT /api/config/site accepts: any of the editable settings, by the site document's rules
 * (friendlier messages where its own are terse), without its defaults: a setting left out stays as
 * it is. The service checks the merged settings against the document schema again.
 */
const editableSettings = z
  .object({
    identifier: z
      .string()
      .trim()
      .min(2, 'must be 2 to 63 characters long')
      .max(63, 'must be 2 to 63 characters long')
      .pipe(settingsShape.identifier),
    title: z.string().trim().min(1, 'must not be empty').pipe(settingsShape.title),
    tagline: settingsShape.tagline,
    description: settingsShape.description,
    footerText: settingsShape.footerText,
    locale: settingsShape.locale.unwrap(),
    timeZone: settingsShape.timeZone.unwrap(),
    escapeKeyLogin: settingsShape.escapeKeyLogin.unwrap(),
    badgeType: z.literal(Object.values(BADGE_TYPES), { error: 'must be 1 (no badge), 2 (black badge) or 3 (white badge)' }),
    infoBarStyle: z.literal(Object.values(INFO_BAR_STYLES), { error: 'must be 1 (no bar), 2 (light bar) or 3 (dark bar)' }),
    contact: z
      .object({
        email: z.preprocess(blankIsNone, z.email('must be an email address such as name@example.com').max(256).optional()),
        phone: z.preprocess(blankIsNone, contactShape.phone),
        address: z.preprocess(blankIsNone, contactShape.address),
      })
      .strict(),
    developerMode: settingsShape.developerMode.unwrap(),
    cloneable: settingsShape.cloneable.unwrap(),
    // null removes the setting: submissions are then kept until deleted by hand.
    formRetentionDays: retentionDays('or empty to keep submissions'),
    // null removes the setting: measurement data is then kept 400 days (services/measurement.ts).
    analyticsRetentionDays: retentionDays('or empty for 400 days'),
  })
  .partial()
  .strict();
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
    handler: async ({ site }) => {
      const [row] = await db.select({ identifier: websites.identifier, settings: websites.settings }).from(websites).where(eq(websites.id, site.id));
      return readStored(() => settingsSchema.parse({ ...row!.settings, identifier: row!.identifier }));
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/site',
    area: 'settings',
    access: 'write',
    body: editableSettings,
    handler: async ({ req, reply, site, account, body }) => {
      let moved: { identifier: string; previousIdentifier: string };
      try {
        moved = await updateSiteSettings(db, site.id, body, account.id);
      } catch (err) {
        if (err instanceof SiteConflictError) return reply.code(409).send({ error: err.message, errors: { identifier: err.message } });
        throw err;
      }
      if (moved.identifier === moved.previousIdentifier) return { ok: true };
      // The site now answers on its new subdomain. The session cookie is host-only: someone signed in
      // at the old subdomain signs in again at the new one (docs/decisions.md).
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
    handler: async ({ site }) => readStored(() => ({ header: headerSchema.parse(site.header), footer: footerSchema.parse(site.footer) })),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/site-header-footer',
    area: 'design',
    access: 'write',
    body: z.object({ header: headerSchema, footer: footerSchema }).strict(),
    handler: async ({ site, account, body }) => {
      await updateHeaderFooter(db, site.id, body.header, body.footer, account.id);
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/pages',
    area: 'pages',
    access: 'read',
    handler: async ({ site }) => ({
      pages: await db
        .select({ id: pages.id, title: pages.title, path: pages.path, pageType: pages.pageType, status: pages.status })
        .from(pages)
        .where(eq(pages.websiteId, site.id))
        .orderBy(asc(pages.position)),
    }),
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
    body: z.object({ role: z.number().int().refine(isTeamRole, 'not a team role') }).strict(),
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
    body: z.object({ yourNewRole: z.number().int().refine(isTeamRole, 'not a team role').default(TEAM_ROLES.WEBSITE_MANAGER) }).strict(),
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
    body: z.object({ email: z.string().trim().email(authentication.enterEmail).max(256), role: z.number().int().refine(isTeamRole, 'not a team role') }).strict(),
    handler: async ({ site, account, body }) => {
      await invite(db, {
        websiteId: site.id,
        siteTitle: (site.settings as { title: string }).title,
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
    handler: async ({ site }) => ({ entries: await recentActivity(db, site.id) }),
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/export',
    area: 'transfer',
    access: 'read',
    handler: async ({ site, reply }) => {
      const doc = await exportSite(db, site.id);
      return reply
        .header('content-disposition', `attachment; filename="${site.identifier}.site.json"`)
        .type('application/json')
        .send(JSON.stringify(doc, null, 2));
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/import',
    area: 'transfer',
    access: 'write',
    handler: async ({ req, reply, site }) => {
      const loaded = loadDocument(req.body, siteDocumentSchema);
      if (!loaded.ok) return reply.code(400).send({ error: team.invalidDocument, documentErrors: loaded.errors });
      if (loaded.document.settings.identifier !== site.identifier) {
        return reply.code(400).send({ error: `The document is for the site "${loaded.document.settings.identifier}", not "${site.identifier}".` });
      }
      try {
        await importSite(db, loaded.document);
      } catch (err) {
        if (err instanceof SiteConflictError) return reply.code(409).send({ error: err.message });
        throw err;
      }
      return { ok: true };
    },
  });
}
