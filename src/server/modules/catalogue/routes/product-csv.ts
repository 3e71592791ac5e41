/**
 * Product CSV for the Store area (src/contracts/catalogue.ts): `GET /api/config/store/products.csv
 * ?columns=shopify|squarespace&shop` downloads a shop's products in that platform's columns, and
 * `POST /api/config/store/products/import?shop` (a text/csv body in either platform's columns)
 * imports them, all or nothing: `productImportAnswer`, 400 with the refused rows and nothing
 * written. Without `shop`, the site's first shop. An image is kept when it is one of the site's own
 * files; any other is left out and named in the answer's `errors` beside a successful import.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { STORE_API } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { COLLECTION_TYPES } from '../../../../domain/collection-types';
import { loadDocument } from '../../../../document/load';
import { hexId } from '../../../../document/primitives';
import type { SiteDocument } from '../../../../document/schema';
import { format } from '../../../../messages/format';
import { productCsv } from '../../../../messages/product-csv';
import { csvFileName } from '../../../http/csv';
import { configRoute } from '../../accounts';
import { exportSite } from '../../content';
import type { WebsiteRow } from '../../sites';
import { productCsvLines } from '../product-csv/export-products';
import { CSV_FORMATS } from '../product-csv/formats';
import { importProductCsv } from '../product-csv/import-products';
import { siteFileResolver } from '../product-csv/merge';

/** The largest file an import reads: about 20000 variant rows. */
const CSV_LIMIT_MB = 10;

const exportQuery = z.object({ columns: z.enum(CSV_FORMATS).default('shopify'), shop: hexId.optional() });
const importQuery = z.object({ shop: hexId.optional() });

function shopOf(doc: SiteDocument, shopId: string | undefined) {
  const shops = doc.collections.filter((c) => c.type === COLLECTION_TYPES.PRODUCTS);
  return shopId === undefined ? shops[0] : shops.find((s) => s.id === shopId);
}

export function registerProductCsvApi(app: FastifyInstance, db: Db) {
  /** The site's own hosts, where an image address may name one of its files. */
  const hostsOf = (site: WebsiteRow, requestHost: string | undefined) => [
    new URL(app.siteOrigin(site)).host,
    new URL(app.configOrigin(site)).host,
    ...(requestHost ? [requestHost] : []),
  ];

  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.PRODUCTS_CSV,
    area: 'commerce-inventory',
    access: 'read',
    query: exportQuery,
    handler: async ({ site, reply, query }) => {
      const doc = await exportSite(db, site.id);
      const shop = doc && shopOf(doc, query.shop);
      if (!doc || !shop) return reply.code(404).send({ error: productCsv.noShop });
      const lines = productCsvLines(query.columns, doc.store, {
        shopId: shop.id,
        shopPath: shop.path,
        vendor: doc.settings.title,
        origin: app.siteOrigin(site),
      });
      // Like sendCsv, but `no-store` as every API answer says it: a catalogue holds no one's personal data.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(site.identifier, shop.title, 'products', query.columns)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_LIMIT_MB * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    configRoute(scope, db, {
      method: 'POST',
      url: STORE_API.PRODUCTS_IMPORT,
      area: 'commerce-inventory',
      access: 'write',
      query: importQuery,
      handler: async ({ req, reply, site, account, query }) => {
        if (typeof req.body !== 'string') return reply.code(400).send({ error: format(productCsv.notCsv, { max: CSV_LIMIT_MB }) });
        const doc = await exportSite(db, site.id);
        const shop = doc && shopOf(doc, query.shop);
        if (!doc || !shop) return reply.code(404).send({ error: productCsv.noShop });
        const publicFiles = new Set(doc.files.filter((f) => !f.private).map((f) => f.name));
        const outcome = await importProductCsv(db, site.id, {
          shopId: shop.id,
          shopPath: shop.path,
          csv: req.body,
          accountId: account.id,
          ownFile: siteFileResolver(hostsOf(site, req.headers.host), publicFiles),
          checkStore: (store) => {
            const loaded = loadDocument({ ...doc, store: { ...doc.store, ...store } }, siteDocumentSchema);
            return loaded.ok ? [] : loaded.errors;
          },
        });
        if (!outcome.ok) return reply.code(400).send({ error: productCsv.refused, imported: 0, updated: 0, errors: outcome.errors });
        return { imported: outcome.imported, updated: outcome.updated, errors: outcome.warnings };
      },
    });
  });
}
