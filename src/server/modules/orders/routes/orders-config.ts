/**
 * The owner's orders calls (src/contracts/orders.ts) under `commerce-orders`, and the next order
 * number (src/contracts/payments.ts) under `commerce-payments`, through `configRoute`: read for
 * GET, write for the rest (the crumb plugin checks every write). A refusal is answered with its status.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ORDERS_API, ordersQuery } from '../../../../contracts/orders';
import { orderNumberBody, PAYMENTS_API } from '../../../../contracts/payments';
import type { Db } from '../../../../db/client';
import { paymentsApi } from '../../../../messages/payments-api';
import { configRoute } from '../../accounts';
import { StoreRefusal } from '../../catalogue';
import { listOrders, markPaidByOwner, orderNumberOf, setNextOrderNumber } from '../index';

/** An operation's refusal answered with its status and messages; anything else is the server's error. */
const refusedWith = (reply: FastifyReply) => (err: unknown) => {
  if (!(err instanceof StoreRefusal)) throw err;
  return reply.code(err.status).send({ error: err.error, ...(err.errors && { errors: err.errors }) });
};

const orderParams = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export function registerOrdersConfigApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: ORDERS_API.LIST,
    area: 'commerce-orders',
    access: 'read',
    query: ordersQuery,
    handler: async ({ site, query }) => listOrders(db, site.id, query.before),
  });
  configRoute(app, db, {
    method: 'POST',
    url: `${ORDERS_API.LIST}/:orderId/mark-paid`,
    area: 'commerce-orders',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      const params = orderParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: paymentsApi.noOrder });
      return markPaidByOwner(db, site.id, account.id, params.data.orderId).catch(refusedWith(reply));
    },
  });
  configRoute(app, db, {
    method: 'GET',
    url: PAYMENTS_API.ORDER_NUMBER,
    area: 'commerce-payments',
    access: 'read',
    handler: async ({ site }) => orderNumberOf(db, site.id),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: PAYMENTS_API.ORDER_NUMBER,
    area: 'commerce-payments',
    access: 'write',
    body: orderNumberBody,
    handler: async ({ reply, site, account, body }) => setNextOrderNumber(db, site.id, account.id, body.nextNumber).catch(refusedWith(reply)),
  });
}
