/**
 * The visitor's availability call (src/contracts/catalogue.ts): `GET
 * /api/commerce/product-availability/:productId` answers each variant's stock state for a product
 * visitors may see, in one SQL statement, never cached and setting no cookie, so the cached product
 * page needs to say nothing of stock (docs/decisions/0312-cacheable-shop-pages.md). 404 for a
 * product visitors cannot see (hidden, not yet available, of another site, or none).
 */
import type { FastifyInstance } from 'fastify';
import { STORE_API, type AvailabilityAnswer } from '../../../../contracts/catalogue';
import { hexId } from '../../../../document/primitives';
import { http } from '../../../../messages/http';
import { productAvailability } from '../index';

type Pool = Parameters<typeof productAvailability>[0];

export async function registerAvailabilityRoute(app: FastifyInstance, pool: Pool) {
  app.get<{ Params: { productId: string } }>(`${STORE_API.AVAILABILITY}/:productId`, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const site = await app.siteForRequest(req);
    const id = hexId.safeParse(req.params.productId);
    const variants = site && id.success ? await productAvailability(pool, site.id, id.data) : undefined;
    if (!variants) return reply.code(404).send({ error: http.notFound });
    const answer: AvailabilityAnswer = { variants };
    return answer;
  });
}
