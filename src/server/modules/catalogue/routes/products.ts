/**
 * The Store area's products and inventory (src/contracts/catalogue.ts), all `commerce-inventory`
 * (docs/decisions/0313-store-sub-areas.md): the product list, a new product, its draft, publishing
 * it, deleting it, a digital product's download (the file's bytes as the body, as the asset
 * library takes them), and the stock of each variant. The shops the operations need are the
 * content module's (`shopDirectory`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newProductBody, productDraftBody, publishBody, STORE_API, stockBody } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { PRODUCT_TYPES } from '../../../../domain/commerce';
import { storeApi } from '../../../../messages/store-api';
import type { BlobStore } from '../../../blobs/store';
import { configRoute } from '../../accounts';
import { shopDirectory } from '../../content';
import { acceptUploads, uploadOf, type UploadDeps } from '../../files';
import {
  createProduct,
  deleteProduct,
  editStock,
  listInventory,
  listProducts,
  publishProduct,
  readProduct,
  saveProductDraft,
  StoreRefusal,
  uploadDownload,
} from '../index';
import { answered, idParam } from './answer';

const productsQuery = z.object({
  q: z.string().max(200).optional(),
  status: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .optional(),
  category: z.string().max(100).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  shop: z.string().max(100).optional(),
});
const inventoryQuery = z.object({ q: z.string().max(200).optional(), low: z.enum(['0', '1']).optional() });

export type ProductsApiOptions = { blobs: BlobStore };

export async function registerProductsApi(app: FastifyInstance, db: Db, opts: ProductsApiOptions) {
  const ops = { directory: shopDirectory };
  const productRoute = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    suffix: string,
    run: (ctx: { productId: string; websiteId: string; accountId: string; body: unknown }) => Promise<unknown>,
    body?: z.ZodType,
  ) =>
    configRoute(app, db, {
      method,
      url: `${STORE_API.PRODUCTS}/:productId${suffix}`,
      area: 'commerce-inventory',
      access: method === 'GET' ? 'read' : 'write',
      ...(body ? { body } : {}),
      handler: async ({ req, reply, site, account, body: parsed }) => {
        const productId = idParam(req, reply, 'productId', storeApi.noProduct);
        if (!productId) return reply;
        return answered(reply, () => run({ productId, websiteId: site.id, accountId: account.id, body: parsed }));
      },
    });

  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.PRODUCTS,
    area: 'commerce-inventory',
    access: 'read',
    query: productsQuery,
    handler: async ({ site, query }) => listProducts(db, site.id, query),
  });
  configRoute(app, db, {
    method: 'POST',
    url: STORE_API.PRODUCTS,
    area: 'commerce-inventory',
    access: 'write',
    body: newProductBody,
    handler: async ({ reply, site, account, body }) =>
      answered(reply, async () => {
        const created = await createProduct(db, { websiteId: site.id, accountId: account.id }, body, ops);
        void reply.code(201);
        return created;
      }),
  });
  productRoute('GET', '', async ({ websiteId, productId }) => {
    const found = await readProduct(db, websiteId, productId);
    if (!found) throw new StoreRefusal(404, storeApi.noProduct);
    return found;
  });
  productRoute('PUT', '/draft', async ({ body, ...at }) => saveProductDraft(db, at, body as z.infer<typeof productDraftBody>, ops), productDraftBody);
  productRoute('POST', '/publish', async ({ body, ...at }) => publishProduct(db, at, (body as z.infer<typeof publishBody>).version, ops), publishBody);
  productRoute('DELETE', '', async ({ websiteId, accountId, productId }) => deleteProduct(db, websiteId, accountId, productId));

  // A digital product's download: the body is the file, streamed to the blob store as it arrives.
  const deps: UploadDeps = { db, store: opts.blobs, storageBytes: app.siteLimits.storageBytes };
  void app.register(async (scope) => {
    acceptUploads(scope);
    configRoute(scope, db, {
      method: 'POST',
      url: `${STORE_API.PRODUCTS}/:productId/download`,
      area: 'commerce-inventory',
      access: 'write',
      handler: async ({ req, reply, site, account }) => {
        const productId = idParam(req, reply, 'productId', storeApi.noProduct);
        if (!productId) return reply;
        return answered(reply, () => uploadDownload(deps, { websiteId: site.id, accountId: account.id, productId }, uploadOf(req)));
      },
    });
  });

  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.INVENTORY,
    area: 'commerce-inventory',
    access: 'read',
    query: inventoryQuery,
    handler: async ({ site, query }) => listInventory(db, site.id, { ...(query.q ? { q: query.q } : {}), low: query.low === '1' }),
  });
  configRoute(app, db, {
    method: 'PATCH',
    url: `${STORE_API.INVENTORY}/:variantId`,
    area: 'commerce-inventory',
    access: 'write',
    body: stockBody,
    handler: async ({ req, reply, site, body }) => {
      const variantId = idParam(req, reply, 'variantId', storeApi.noVariant);
      if (!variantId) return reply;
      return answered(reply, async () => ({ row: await editStock(db, site.id, variantId, body) }));
    },
  });
}
