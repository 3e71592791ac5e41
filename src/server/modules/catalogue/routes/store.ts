/**
 * The Store area's settings, shops and categories (src/contracts/catalogue.ts), through
 * `configRoute`: the store settings are `commerce-payments`, shops and categories
 * `commerce-inventory` (docs/decisions/0313-store-sub-areas.md). A shop is a collection of the
 * content module, which these routes call; the catalogue answers for its products.
 */
import type { FastifyInstance } from 'fastify';
import { categoryBody, shopBody, STORE_API, storeSettingsBody } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { storeApi } from '../../../../messages/store-api';
import { configRoute } from '../../accounts';
import { createShop, listShops, updateShop } from '../../content';
import { deleteCategory, listCategories, readStoreSettings, saveCategory, updateStoreSettings } from '../index';
import { answered, idParam } from './answer';

export async function registerStoreApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.SETTINGS,
    area: 'commerce-payments',
    access: 'read',
    handler: async ({ site }) => readStoreSettings(db, site.id),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: STORE_API.SETTINGS,
    area: 'commerce-payments',
    access: 'write',
    body: storeSettingsBody,
    handler: async ({ site, account, body }) => updateStoreSettings(db, site.id, account.id, body),
  });

  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.SHOPS,
    area: 'commerce-inventory',
    access: 'read',
    handler: async ({ site }) => listShops(db, site.id),
  });
  configRoute(app, db, {
    method: 'POST',
    url: STORE_API.SHOPS,
    area: 'commerce-inventory',
    access: 'write',
    body: shopBody,
    handler: async ({ reply, site, account, body }) => answered(reply, async () => ({ shop: await createShop(db, site.id, account.id, body) })),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: `${STORE_API.SHOPS}/:shopId`,
    area: 'commerce-inventory',
    access: 'write',
    body: shopBody,
    handler: async ({ req, reply, site, account, body }) => {
      const shopId = idParam(req, reply, 'shopId', storeApi.noShop);
      if (!shopId) return reply;
      return answered(reply, async () => ({ shop: await updateShop(db, site.id, account.id, shopId, body) }));
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.CATEGORIES,
    area: 'commerce-inventory',
    access: 'read',
    handler: async ({ site }) => listCategories(db, site.id),
  });
  configRoute(app, db, {
    method: 'POST',
    url: STORE_API.CATEGORIES,
    area: 'commerce-inventory',
    access: 'write',
    body: categoryBody,
    handler: async ({ reply, site, account, body }) => answered(reply, async () => ({ category: await saveCategory(db, site.id, account.id, body) })),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: `${STORE_API.CATEGORIES}/:categoryId`,
    area: 'commerce-inventory',
    access: 'write',
    body: categoryBody,
    handler: async ({ req, reply, site, account, body }) => {
      const categoryId = idParam(req, reply, 'categoryId', storeApi.noCategory);
      if (!categoryId) return reply;
      return answered(reply, async () => ({ category: await saveCategory(db, site.id, account.id, body, categoryId) }));
    },
  });
  configRoute(app, db, {
    method: 'DELETE',
    url: `${STORE_API.CATEGORIES}/:categoryId`,
    area: 'commerce-inventory',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const categoryId = idParam(req, reply, 'categoryId', storeApi.noCategory);
      if (!categoryId) return reply;
      return answered(reply, () => deleteCategory(db, site.id, account.id, categoryId));
    },
  });
}
