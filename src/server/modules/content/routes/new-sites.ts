/**
 * `POST /api/auth/Sites`: the signed-in account creates a new site (blank or from a template of
 * sites/) and becomes its owner; `GET /api/auth/Templates` lists the templates it may start from,
 * for the New site screen; `GET /assets/templates/{id}-{hash}.webp` is a template's picture, public
 * and cached for good (its address changes with its bytes). Like the other account calls
 * (./account.ts) they belong to the account, not to the site whose config area they are made from:
 * the session is checked rather than a role there, and the crumb plugin checks it as every
 * state-changing call. Creating sites is a right the operator grants (SITE_CREATION: accounts that
 * are ADMIN of some site by default, any account, or none but the command line's `npm run site --
 * new`), refused with 403 naming who may; reserved identifiers and templates the server has not are
 * refused with 400 (services/site-limits.ts). Limited per account, so one account cannot fill the
 * server with sites. A template's files are in the site's file store when the answer comes, their
 * images with their copies when the server already had them.
 */
import type { FastifyInstance } from 'fastify';
import { newSiteBody } from '../../../../contracts/pages';
import type { Db } from '../../../../db/client';
import { pages as texts } from '../../../../messages/pages';
import { zodMessage } from '../../accounts';
import { createSite, SiteTakenError, templateCards } from '../sites/new-sites';
import { isTemplateId, siteTemplates, templatePicture, TEMPLATE_PICTURES_PATH, UnknownTemplateError } from '../sites/site-templates';
import { moveStoredBytes } from '../../files';
import { refusedByLimits } from '../../../rate-limits/rate-limit';
import { identifierRefused, mayCreateSites, whoCreatesSites } from '../../sites';
import { sitesOfAccount } from '../../accounts';
import { startStorePayments } from '../../payments';
import { siteAndAccount } from '../../accounts';

const HOUR = 60 * 60 * 1000;
/** New sites an account may create in an hour. */
const SITES_PER_HOUR = 10;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerNewSitesApi(app: FastifyInstance, db: Db) {
  // The templates are read as the server starts: a card that is not one stops the start, naming its folder.
  siteTemplates();
  app.get('/api/auth/Templates', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    return { templates: await templateCards() };
  });

  app.get<{ Params: { file: string } }>(`${TEMPLATE_PICTURES_PATH}:file`, async (req, reply) => {
    const bytes = templatePicture(req.params.file);
    if (!bytes) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('cache-control', IMMUTABLE).type('image/webp').send(bytes);
  });

  app.post('/api/auth/Sites', async (req, reply) => {
    const who = await siteAndAccount(app, db, req, reply);
    if (!who) return reply;
    // A right the operator grants (SITE_CREATION): the team roles the account holds on any site decide.
    const right = app.siteLimits.siteCreation;
    if (
      !mayCreateSites(
        right,
        (await sitesOfAccount(db, who.account.id)).map((s) => s.role),
      )
    )
      return reply.code(403).send({ error: whoCreatesSites(right) });
    const parsed = newSiteBody.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
    const refusal = identifierRefused(parsed.data.identifier, app.siteLimits, app.appDomain);
    if (refusal) return reply.code(400).send({ error: refusal, errors: { identifier: refusal } });
    if (!isTemplateId(parsed.data.template)) {
      const unknown = new UnknownTemplateError(parsed.data.template).message;
      return reply.code(400).send({ error: unknown, errors: { template: unknown } });
    }
    if (
      await refusedByLimits(app.rateLimits, reply, [{ key: `new-site:${who.account.id}`, max: SITES_PER_HOUR, windowMs: HOUR }], { error: texts.tooManySites })
    )
      return reply;
    const { identifier, title, template } = parsed.data;
    try {
      const { websiteId } = await createSite(db, who.account.id, { identifier, title, template });
      // Its store starts in test mode on the embedded database, taking real payments with a managed one.
      await startStorePayments(db, websiteId, { testMode: app.siteLimits.newStoreTestMode });
    } catch (err) {
      if (err instanceof SiteTakenError) return reply.code(409).send({ error: err.message, errors: { identifier: err.message } });
      throw err;
    }
    // The template's files move into the file store before the answer, their images copying the
    // variants the server has of the same bytes; what is left undone (the process stopped) the next start finishes.
    try {
      await moveStoredBytes(db, app.blobs);
    } catch (err) {
      req.log.warn({ err }, 'moving a new site’s files into the file store failed; the next start moves them');
    }
    // Its config area is on its own identifier subdomain (seed 000 §2), as the site picker links it.
    return { identifier, title, configUrl: `${app.configOrigin({ identifier })}/config/` };
  });
}
