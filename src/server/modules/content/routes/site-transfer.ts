/**
 * Moving a site whole, for ADMINs (area `transfer`): `GET /api/config/export` is the site's archive
 * (./services/site-archive.ts: the document and every file's bytes, streamed), `GET
 * /api/config/export/document` the site document alone (its files listed, not their bytes), and
 * `POST /api/config/import` replaces the site with an archive (`application/x-tar`, or gzipped) or a
 * document (`application/json`; one without a file's bytes keeps the site's file of that name).
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../../../db/client';
import { siteArchiveText } from '../../../../messages/site-archive';
import { team } from '../../../../messages/team';
import type { BlobStore } from '../../../blobs/store';
import { configRoute } from '../../accounts';
import { ArchiveRefusal, siteArchive } from '../sites/site-archive';
import { exportSite, SiteConflictError, SiteImportRefusal } from '../sites/sites';
import { importSite } from '../operations/import-site';

const ARCHIVE_TYPES = ['application/x-tar', 'application/tar', 'application/gzip', 'application/x-gzip'];

function refused(reply: FastifyReply, err: unknown) {
  if (err instanceof ArchiveRefusal) return reply.code(400).send({ error: err.message, ...(err.documentErrors ? { documentErrors: err.documentErrors } : {}) });
  if (err instanceof SiteImportRefusal) return reply.code(400).send({ error: team.invalidDocument, documentErrors: err.errors });
  if (err instanceof SiteConflictError) return reply.code(409).send({ error: err.message });
  throw err;
}

export function registerSiteTransferApi(app: FastifyInstance, db: Db, store: BlobStore) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/export',
    area: 'transfer',
    access: 'read',
    handler: async ({ site, reply }) => {
      let archive: Readable | undefined;
      try {
        archive = await siteArchive({ db, store }, site.id);
      } catch (err) {
        if (err instanceof ArchiveRefusal) return reply.code(409).send({ error: err.message });
        throw err;
      }
      if (!archive) return reply.code(404).send({ error: siteArchiveText.siteGone });
      return reply.header('content-disposition', `attachment; filename="${site.identifier}.site.tar"`).type('application/x-tar').send(archive);
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/export/document',
    area: 'transfer',
    access: 'read',
    handler: async ({ site, reply }) => {
      const doc = await exportSite(db, site.id);
      if (!doc) return reply.code(404).send({ error: siteArchiveText.siteGone });
      return reply
        .header('content-disposition', `attachment; filename="${site.identifier}.site.json"`)
        .type('application/json')
        .send(JSON.stringify(doc, null, 2));
    },
  });

  void app.register(async (scope) => {
    // An archive is read as it arrives, never held whole.
    scope.addContentTypeParser(ARCHIVE_TYPES, (_req, payload, done) => done(null, payload));
    scope.addHook('onSend', async (req, reply) => {
      if (!req.raw.complete) reply.header('connection', 'close');
    });
    configRoute(scope, db, {
      method: 'POST',
      url: '/api/config/import',
      area: 'transfer',
      access: 'write',
      handler: async ({ req, reply, site }) => {
        const body = req.body as unknown;
        const archive = body !== null && typeof body === 'object' && typeof (body as Readable).pipe === 'function';
        try {
          // A document's base64 files move into the file store before the answer (their images' copies are queued).
          await importSite({ db, store }, archive ? { archive: body as Readable } : { json: body }, {
            identifier: site.identifier,
            limits: app.siteLimits,
            appDomain: app.appDomain,
          });
        } catch (err) {
          return refused(reply, err);
        }
        return { ok: true };
      },
    });
  });
}
