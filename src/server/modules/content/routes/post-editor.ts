/**
 * The visual editor's calls for a blog post (src/contracts/editor.ts, the same contracts as a
 * page's): `GET /api/config/editor/posts/:itemId`, `PUT …/draft`, `POST …/publish` and
 * `DELETE …/draft`, all through `configRoute` in the `pages` area. The rules are the page's
 * (../drafts/page-drafts.ts, with the post's own declaration); publishing makes the post's sections
 * live, and its status still decides whether visitors see it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { draftSaveBody, publishBody } from '../../../../contracts/editor';
import { hexId } from '../../../../document/primitives';
import type { Db } from '../../../../db/client';
import { blog } from '../../../../messages/blog';
import { configRoute } from '../../accounts';
import type { ClientAssets } from '../../../render/assets';
import { answer as pageAnswer, canvasSetup } from './editor';
import { discardPostDraft, editorPost, publishPostDraft, savePostDraft, type Outcome } from '..';

const POST = '/api/config/editor/posts/:itemId';
const postParams = z.object({ itemId: hexId });

function itemIdOf(req: FastifyRequest, reply: FastifyReply): string | undefined {
  const parsed = postParams.safeParse(req.params);
  if (parsed.success) return parsed.data.itemId;
  void reply.code(404).send({ error: blog.noPostWithId });
  return undefined;
}

/** A post's outcome: refused as a page's is, naming the post. */
const answer = <T>(reply: FastifyReply, outcome: Outcome<T>, conflictMessage: string = blog.draftConflict) =>
  pageAnswer(reply, outcome, conflictMessage, blog.noPostWithId);

export async function registerPostEditorApi(app: FastifyInstance, db: Db, assets: ClientAssets) {
  configRoute(app, db, {
    method: 'GET',
    url: POST,
    area: 'pages',
    access: 'read',
    handler: async ({ req, reply, site, role }) => {
      const itemId = itemIdOf(req, reply);
      if (!itemId) return reply;
      const post = await editorPost(db, site.id, itemId, role);
      if (!post) return reply.code(404).send({ error: blog.noPostWithId });
      return { ...post, canvas: await canvasSetup(app, assets, site) };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: `${POST}/draft`,
    area: 'pages',
    access: 'write',
    body: draftSaveBody,
    handler: async ({ req, reply, site, account, role, body }) => {
      const itemId = itemIdOf(req, reply);
      if (!itemId) return reply;
      return answer(
        reply,
        await savePostDraft(db, { websiteId: site.id, pageId: itemId, accountId: account.id, role, ...body }, { blobs: app.blobs, outgoing: app.videoEmbeds }),
      );
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${POST}/publish`,
    area: 'pages',
    access: 'write',
    body: publishBody,
    handler: async ({ req, reply, site, account, body }) => {
      const itemId = itemIdOf(req, reply);
      if (!itemId) return reply;
      return answer(reply, await publishPostDraft(db, site.id, itemId, account.id, body.version), blog.publishConflict);
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: `${POST}/draft`,
    area: 'pages',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const itemId = itemIdOf(req, reply);
      if (!itemId) return reply;
      return answer(reply, await discardPostDraft(db, site.id, itemId, account.id));
    },
  });
}
