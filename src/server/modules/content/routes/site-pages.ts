/**
 * The Pages screen's calls (src/contracts/pages.ts), all through `configRoute` in the `pages` area:
 * read for the page's settings and the site's images, write for every change. The rules are in
 * ../services/site-pages.ts; here each refusal gets its status and message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { makeHomeBody, newPageBody, pageOrderBody, pageSettingsBody } from '../../../../contracts/pages';
import type { Db } from '../../../../db/client';
import { hexId } from '../../../../document/primitives';
import { canAccess } from '../../../../domain/permissions';
import { editor } from '../../../../messages/editor';
import { pages } from '../../../../messages/pages';
import { configRoute } from '../../accounts';
import { addPage, deletePage, duplicatePage, makeHome, PageRefusal, pageSettings, reorderPages, updatePageSettings } from '../site-pages';

const PAGE = '/api/config/pages/:pageId';
const pageParams = z.object({ pageId: hexId });

/** The page id of the address, or undefined with a 404 sent: a malformed id names no page of the site. */
function pageIdOf(req: FastifyRequest, reply: FastifyReply): string | undefined {
  const parsed = pageParams.safeParse(req.params);
  if (parsed.success) return parsed.data.pageId;
  void reply.code(404).send({ error: editor.noPage });
  return undefined;
}

/** The service's answer, or its refusal with the status it names. */
async function answer<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PageRefusal) return reply.code(err.status).send({ error: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    throw err;
  }
}

export async function registerSitePagesApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'POST',
    url: '/api/config/pages',
    area: 'pages',
    access: 'write',
    body: newPageBody,
    handler: async ({ reply, site, account, role, body }) => {
      // The header menu is the design area's (src/server/modules/content/routes/navigation.ts).
      if (body.inMenu && !canAccess(role, 'design', 'write'))
        return reply.code(403).send({ error: pages.menuNotAllowed, errors: { inMenu: pages.menuNotAllowed } });
      return answer(reply, () => addPage(db, site.id, account.id, body));
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/pages/order',
    area: 'pages',
    access: 'write',
    body: pageOrderBody,
    handler: async ({ reply, site, account, body }) =>
      answer(reply, async () => {
        await reorderPages(db, site.id, account.id, body.pageIds);
        return { ok: true };
      }),
  });

  configRoute(app, db, {
    method: 'GET',
    url: PAGE,
    area: 'pages',
    access: 'read',
    handler: async ({ req, reply, site }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return (await pageSettings(db, site.id, pageId)) ?? reply.code(404).send({ error: editor.noPage });
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: PAGE,
    area: 'pages',
    access: 'write',
    body: pageSettingsBody,
    handler: async ({ req, reply, site, account, body }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, () => updatePageSettings(db, site.id, pageId, account.id, body));
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: PAGE,
    area: 'pages',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, () => deletePage(db, site.id, pageId, account.id));
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${PAGE}/duplicate`,
    area: 'pages',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, () => duplicatePage(db, site.id, pageId, account.id));
    },
  });

  configRoute(app, db, {
    method: 'POST',
    url: `${PAGE}/home`,
    area: 'pages',
    access: 'write',
    body: makeHomeBody,
    handler: async ({ req, reply, site, account, body }) => {
      const pageId = pageIdOf(req, reply);
      if (!pageId) return reply;
      return answer(reply, () => makeHome(db, site.id, pageId, account.id, body.oldHomePath || undefined));
    },
  });
}
