/** robots.txt and sitemap.xml for the site a host names: every published page, collection and item. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { collectionItems, collections, pages } from '../../db/schema';
import { requestOrigin } from '../request';

const PUBLISHED = 1;
const ROUTABLE_PAGE_TYPES = [2, 3];

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function registerSeoRoutes(app: FastifyInstance, db: Db) {
  app.get('/robots.txt', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /config/\nDisallow: /api/\n\nSitemap: ${requestOrigin(req)}/sitemap.xml\n`);
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).type('text/plain').send('Not found');
    const origin = requestOrigin(req);
    const [pageRows, collectionRows] = await Promise.all([
      db
        .select({ path: pages.path })
        .from(pages)
        // Members-only and password pages are not for search engines.
        .where(and(eq(pages.websiteId, site.id), eq(pages.status, PUBLISHED), inArray(pages.pageType, ROUTABLE_PAGE_TYPES), sql`${pages.access}->>'type' = 'public'`))
        .orderBy(asc(pages.position)),
      db
        .select({ id: collections.id, path: collections.path })
        .from(collections)
        .where(and(eq(collections.websiteId, site.id), eq(collections.status, PUBLISHED)))
        .orderBy(asc(collections.position)),
    ]);
    const itemRows =
      collectionRows.length === 0
        ? []
        : await db
            .select({ path: collectionItems.path, publishedAt: collectionItems.publishedAt })
            .from(collectionItems)
            .where(
              and(
                eq(collectionItems.websiteId, site.id),
                eq(collectionItems.status, PUBLISHED),
                inArray(collectionItems.collectionId, collectionRows.map((c) => c.id)),
              ),
            )
            .orderBy(asc(collectionItems.position));
    const urls = [
      ...pageRows.flatMap((p) => (p.path ? [`<url><loc>${xmlEscape(origin + p.path)}</loc></url>`] : [])),
      ...collectionRows.map((c) => `<url><loc>${xmlEscape(origin + c.path)}</loc></url>`),
      ...itemRows.map(
        (it) => `<url><loc>${xmlEscape(origin + it.path)}</loc><lastmod>${new Date(it.publishedAt).toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`);
  });
}
