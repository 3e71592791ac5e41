/**
 * The product block's chooser in the visual editor (src/contracts/catalogue.ts): `GET
 * /api/config/editor/products` lists every product by name, thumbnail and status label. It is the
 * `pages` area's, not `commerce-inventory`'s: an Editor places product blocks without seeing the
 * Store screens, so this answer carries nothing of prices, stock or drafts.
 */
import type { FastifyInstance } from 'fastify';
import { STORE_API } from '../../../../contracts/catalogue';
import type { Db } from '../../../../db/client';
import { configRoute } from '../../accounts';
import { listProducts } from '../index';

export function registerEditorProductsApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: STORE_API.EDITOR_PRODUCTS,
    area: 'pages',
    access: 'read',
    handler: async ({ site }) => {
      const { products } = await listProducts(db, site.id, {});
      return { products: products.map(({ id, name, image, statusLabel }) => ({ id, name, image, statusLabel })) };
    },
  });
}
