/** robots.txt and sitemap.xml for the site a host names: every published page, collection and item, and the shops' visible products and their categories' pages. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client';
import { requestOrigin } from '../../../request';
import { escapeMarkup } from '../../../../domain/markup';
import { sitemapEntries } from '../published/sitemap';
import { categoryPath } from '../../../../document/store';

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
    const { paths, items, shops } = await sitemapEntries(db, site.id);
    const catalogue = shops.length > 0 ? await app.catalogue.read(site.id) : undefined;
    const store = catalogue
      ? shops.flatMap((shop) => {
          const products = catalogue.shopProducts(shop.id);
          const used = new Set(products.flatMap((p) => p.categories));
          return [...catalogue.categories.filter((c) => used.has(c.id)).map((c) => categoryPath(shop.path, c.slug)), ...products.map((p) => p.path)];
        })
      : [];
    const urls = [
      ...[...paths, ...store].map((path) => `<url><loc>${escapeMarkup(origin + path)}</loc></url>`),
      ...items.map((it) => `<url><loc>${escapeMarkup(origin + it.path)}</loc><lastmod>${new Date(it.publishedAt).toISOString().slice(0, 10)}</lastmod></url>`),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`);
  });
}
