/**
 * The visual editor's calls (src/contracts/editor.ts), all through `configRoute` in the `pages`
 * area: reading a page's draft and published content, saving the draft, publishing it and
 * discarding it. The rules (versions, the document's schema, forms write) are in
 * ../drafts/page-drafts.ts; here each refusal gets its status and message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BLOCK_DEFINITIONS } from '../../../../blocks/definitions';
import { draftSaveBody, publishBody, restoreBody, type CanvasSetupAnswer } from '../../../../contracts/editor';
import { hexId } from '../../../../document/schema';
import type { Db } from '../../../../db/client';
import { configRoute } from '../../accounts';
import { editor } from '../../../../messages/editor';
import type { ClientAssets } from '../../../render/assets';
import type { VersionOutcome } from '../../../versions/versions';
import { renderSiteFrame } from '../../../render/page';
import { renderContext, shell } from '../../../render/site-page';
import { discardDraft, editorPage, listRevisions, publishDraft, readRevision, restoreRevision, saveDraft } from '..';
import { siteSettings } from '../../sites';
import type { WebsiteRow } from '../../sites';

const PAGE = '/api/config/editor/pages/:pageId';
const pageParams = z.object({ pageId: hexId });
const revisionParams = z.object({ pageId: hexId, revision: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The page id and revision number of the address, or undefined with a 404 sent. */
function revisionOf(req: FastifyRequest, reply: FastifyReply): { pageId: string; revision: number } | undefined {
  const parsed = revisionParams.safeParse(req.params);
  if (parsed.success) return parsed.data;
  void reply.code(404).send({ error: editor.noRevision });
  return undefined;
}

/** The page id of the address, or undefined with a 404 sent: a malformed id names no page of the site. */
function pageIdOf(req: FastifyRequest, reply: FastifyReply): string | undefined {
  const parsed = pageParams.safeParse(req.params);
  if (parsed.success) return parsed.data.pageId;
  void reply.code(404).send({ error: editor.noPage });
  return undefined;
}

/**
 * A service's outcome as the answer: its value, or the refusal with its status. `notFound` names
 * what is missing (a page, a post); the conflict message says which version moved.
 */
export function answer<T, S>(
  reply: FastifyReply,
  outcome: VersionOutcome<T, S>,
  conflictMessage: string = editor.draftConflict,
  notFound: string = editor.noPage,
  invalid: string = editor.invalidSections,
) {
  if (outcome.ok) return outcome.value;
  const refusal = outcome.refusal;
  switch (refusal.kind) {
    case 'notFound':
      return reply.code(404).send({ error: notFound });
    case 'conflict':
      return reply.code(409).send({ error: conflictMessage, conflict: true, current: refusal.current });
    case 'invalid':
      return reply.code(400).send({ error: invalid, errors: refusal.errors });
    case 'forbidden':
      return reply.code(403).send({ error: refusal.error, errors: refusal.errors });
  }
}

/** The block kinds whose behaviour runs in the canvas as on the site (an accordion opens). */
const CANVAS_KINDS = BLOCK_DEFINITIONS.filter((b) => b.island?.canvas).map((b) => b.kind);

/** What the canvas renders with (a page's or a post's at `path`): the published site's stylesheet and islands, what views read, from the same cache pages render from, and the site's header and footer. */
export async function canvasSetup(app: FastifyInstance, assets: ClientAssets, site: WebsiteRow, path = '/'): Promise<CanvasSetupAnswer> {
  const host = new URL(app.siteOrigin(site)).host;
  const ctx = renderContext(await app.siteContent.read(site.id, '/'), host);
  return {
    // The shared stylesheet, then the site's published design (its colours, fonts and type).
    stylesheets: [assets.theme.url, ...(ctx.design ? [ctx.design.stylesheet] : [])],
    islands: Object.fromEntries(CANVAS_KINDS.flatMap((k) => (assets.islands.has(k) ? [[k, assets.islands.get(k)!]] : []))),
    ctx: {
      host: ctx.host,
      files: [...ctx.files.values()].map((f) => ({
        name: f.name,
        contentType: f.contentType,
        ...(f.width ? { width: f.width } : {}),
        ...(f.height ? { height: f.height } : {}),
      })),
      featureFlags: [...ctx.featureFlags],
      ...(ctx.captcha ? { captcha: ctx.captcha } : {}),
      ...(ctx.googleMaps ? { googleMaps: ctx.googleMaps } : {}),
    },
    locale: siteSettings(site).locale,
    siteFrame: renderSiteFrame(shell(site, host), path, ctx.files),
  };
}

export async function registerEditorApi(app: FastifyInstance, db: Db, assets: ClientAssets) {
  configRoute(app, db, {
    method: 'GET',
    url: PAGE,
    area: 'pages',
    access: 'read',
    handler: async ({ req, reply, site, role }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      const page = await editorPage(db, site.id, pageId, role);
      if (!page) return reply.code(404).send({ error: editor.noPage });
      return { ...page, canvas: await canvasSetup(app, assets, site, page.page.path ?? '/') };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: `${PAGE}/draft`,
    area: 'pages',
    access: 'write',
    body: draftSaveBody,
    handler: async ({ req, reply, site, account, role, body }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(
        reply,
        await saveDraft(db, { websiteId: site.id, pageId, accountId: account.id, role, ...body }, { blobs: app.blobs, outgoing: app.videoEmbeds }),
      );
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${PAGE}/publish`,
    area: 'pages',
    access: 'write',
    body: publishBody,
    handler: async ({ req, reply, site, account, body }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, await publishDraft(db, site.id, pageId, account.id, body.version), editor.publishConflict);
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: `${PAGE}/revisions`,
    area: 'pages',
    access: 'read',
    handler: async ({ req, reply, site }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return (await listRevisions(db, site.id, pageId)) ?? reply.code(404).send({ error: editor.noPage });
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: `${PAGE}/revisions/:revision`,
    area: 'pages',
    access: 'read',
    handler: async ({ req, reply, site }) => {
      const at = revisionOf(req, reply);
      if (!at) return reply;
      return (await readRevision(db, site.id, at.pageId, at.revision)) ?? reply.code(404).send({ error: editor.noRevision });
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${PAGE}/revisions/:revision/restore`,
    area: 'pages',
    access: 'write',
    body: restoreBody,
    handler: async ({ req, reply, site, account, role, body }) => {
      const at = revisionOf(req, reply);
      if (!at) return reply;
      return answer(
        reply,
        await restoreRevision(db, { websiteId: site.id, ...at, accountId: account.id, role, baseVersion: body.baseVersion }),
        editor.draftConflict,
        editor.noRevision,
      );
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: `${PAGE}/draft`,
    area: 'pages',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, await discardDraft(db, site.id, pageId, account.id));
    },
  });
}
