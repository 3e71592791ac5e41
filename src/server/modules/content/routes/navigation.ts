/**
 * The Navigation screen's calls and the link picker's (src/contracts/navigation.ts), through
 * `configRoute`: the menus belong to the Design area, with the header and footer they sit in
 * (docs/decisions/0195-navigation-one-level-of-nesting-folders-and-where-it-is-edited.md); what a
 * link can lead to is read in the Pages area, where every role that edits links (pages or design)
 * may read. The rules are in ../services/navigation.ts.
 */
import type { FastifyInstance } from 'fastify';
import { navigationBody } from '../../../../contracts/navigation';
import type { Db } from '../../../../db/client';
import { navigation } from '../../../../messages/navigation';
import { http } from '../../../../messages/http';
import { configRoute } from '../../accounts';
import { linkTargets, readNavigation, saveNavigation } from '../navigation';

export async function registerNavigationApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/navigation',
    area: 'design',
    access: 'read',
    handler: async ({ reply, site }) => (await readNavigation(db, site.id)) ?? reply.code(404).send({ error: http.noSite }),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/config/navigation',
    area: 'design',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      // Parsed here rather than by configRoute, so a body that is not a tree gets the navigation's own words.
      const parsed = navigationBody.safeParse(req.body ?? {});
      if (!parsed.success) return reply.code(400).send({ error: navigation.notATree });
      const outcome = await saveNavigation(db, site.id, parsed.data, account.id);
      if (!outcome.ok) return reply.code(400).send({ error: navigation.refused, errors: outcome.errors });
      return { ok: true };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/config/link-targets',
    area: 'pages',
    access: 'read',
    handler: async ({ site }) => linkTargets(db, site.id),
  });
}
