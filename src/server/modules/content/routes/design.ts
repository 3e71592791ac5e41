/**
 * The Design screen's calls (src/contracts/design.ts), through `configRoute` in the `design` area,
 * and the per-site stylesheet visitors' pages link (`/fonts/{hash}/{families}.css`): the published
 * design's custom properties and font faces, cached for good at its hashed address.
 */
import { siteFileNameOf } from '../../../../domain/files';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { designSaveBody, paletteFromImageBody } from '../../../../contracts/design';
import { publishBody, restoreBody } from '../../../../contracts/editor';
import type { Db } from '../../../../db/client';
import { design as messages } from '../../../../messages/design';
import { configRoute } from '../../accounts';
import { fileBytes, siteFile } from '../../files';
import type { ClientAssets } from '../../../render/assets';
import { designSheetOf } from '../../../render/design-sheet';
import { fontFileBases } from '../../../http/fonts';
import { NotAnImage, swatchesFromImage } from '../design/palette-from-image';
import {
  designScreen,
  discardDesignDraft,
  listDesignRevisions,
  publishDesign,
  resetDesign,
  restoreDesignRevision,
  saveDesignDraft,
  type DesignOutcome,
} from '../design/site-design';
import { answer } from './editor';

const URL = '/api/config/design';
const revisionParams = z.object({ revision: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A design call's outcome as the answer, with the design's own words for its refusals. */
const answered = <T>(reply: Parameters<typeof answer>[0], outcome: DesignOutcome<T>, conflict: string = messages.draftConflict) =>
  answer(reply, outcome, conflict, messages.noRevision, messages.invalidDesign);

/** The largest image the palette is read from: the library's originals are this size or less. */
const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

export async function registerDesignApi(app: FastifyInstance, db: Db, assets: ClientAssets) {
  configRoute(app, db, {
    method: 'GET',
    url: URL,
    area: 'design',
    access: 'read',
    handler: async ({ site, role }) => ({
      ...(await designScreen(db, site.id, role)),
      preview: { path: '/', stylesheet: assets.theme.url, fontFiles: fontFileBases() },
    }),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: `${URL}/draft`,
    area: 'design',
    access: 'write',
    body: designSaveBody,
    handler: async ({ reply, site, account, role, body }) =>
      answered(reply, await saveDesignDraft(db, { websiteId: site.id, accountId: account.id, role, ...body })),
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${URL}/publish`,
    area: 'design',
    access: 'write',
    body: publishBody,
    handler: async ({ reply, site, account, body }) => answered(reply, await publishDesign(db, site.id, account.id, body.version), messages.publishConflict),
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: `${URL}/draft`,
    area: 'design',
    access: 'write',
    handler: async ({ reply, site, account }) => answered(reply, await discardDesignDraft(db, site.id, account.id)),
  });

  configRoute(app, db, {
    method: 'GET',
    url: `${URL}/revisions`,
    area: 'design',
    access: 'read',
    handler: async ({ site }) => listDesignRevisions(db, site.id),
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${URL}/revisions/:revision/restore`,
    area: 'design',
    access: 'write',
    body: restoreBody,
    handler: async ({ req, reply, site, account, role, body }) => {
      const params = revisionParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: messages.noRevision });
      return answered(
        reply,
        await restoreDesignRevision(db, { websiteId: site.id, accountId: account.id, role, baseVersion: body.baseVersion, revision: params.data.revision }),
      );
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${URL}/reset`,
    area: 'design',
    access: 'write',
    body: restoreBody,
    handler: async ({ reply, site, account, role, body }) =>
      answered(reply, await resetDesign(db, { websiteId: site.id, accountId: account.id, role, baseVersion: body.baseVersion })),
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${URL}/palette-from-image`,
    area: 'design',
    access: 'read',
    body: paletteFromImageBody,
    handler: async ({ reply, site, body }) => {
      const name = siteFileNameOf(body.file);
      const file = name ? await siteFile(db, site.id, name) : undefined;
      if (!file) return reply.code(404).send({ error: messages.noFile, errors: { file: messages.noFile } });
      if (!file.contentType.startsWith('image/') || (file.size ?? 0) > MAX_IMAGE_BYTES) {
        return reply.code(400).send({ error: messages.notAnImage, errors: { file: messages.notAnImage } });
      }
      const stream = await fileBytes(app.blobs, file);
      if (!stream) return reply.code(404).send({ error: messages.noFile, errors: { file: messages.noFile } });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      try {
        const swatches = await swatchesFromImage(Buffer.concat(chunks));
        return { swatches: [swatches.lightest, swatches.light, swatches.bright, swatches.dark, swatches.darkest] };
      } catch (err) {
        if (err instanceof NotAnImage) return reply.code(400).send({ error: messages.notAnImage, errors: { file: messages.notAnImage } });
        throw err;
      }
    },
  });

  // The per-site stylesheet. Its hash names the published design: a page cached before a publish
  // may still ask for the old one, and gets the current one, not kept.
  app.get<{ Params: { hash: string; name: string } }>('/fonts/:hash/:name', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site || !req.params.name.endsWith('.css')) return reply.code(404).type('text/plain').send('Not found');
    const sheet = designSheetOf(await app.siteContent.read(site.id, '/'));
    const current = sheet.url === `/fonts/${req.params.hash}/${req.params.name}`;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(sheet.css);
  });
}
