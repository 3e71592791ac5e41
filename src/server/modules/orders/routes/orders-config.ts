/**
 * The owner's orders calls (src/contracts/orders.ts) under `commerce-orders`, and the next order
 * number (src/contracts/payments.ts) under `commerce-payments`, through `configRoute`: read for
 * GET, write for the rest (the crumb plugin checks every write). A refusal is answered with its
 * status; a payment provider out of reach during a refund is 502 (the refund waits, pending, for
 * the same key again).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cancelBody, fulfilBody, noteBody, ORDERS_API, ordersQuery, refundBody } from '../../../../contracts/orders';
import { orderNumberBody, PAYMENTS_API } from '../../../../contracts/payments';
import type { Db } from '../../../../db/client';
import { ordersApi } from '../../../../messages/orders-api';
import { paymentsApi } from '../../../../messages/payments-api';
import { csvFileName } from '../../../http/csv';
import { CHECKOUT_PATHS } from '../../../../domain/checkout/paths';
import { orderToken, orderTokenSecret } from '../order-token';
import { orderRow } from '../orders-list';
import { configRoute, type ConfigContext } from '../../accounts';
import { StoreRefusal } from '../../catalogue';
import { ProviderUnavailable } from '../../payments';
import { siteSettings } from '../../sites';
import {
  cancelByOwner,
  fulfilOrder,
  listOrders,
  markPaidByOwner,
  orderCounts,
  orderDetail,
  orderNumberOf,
  ordersCsv,
  refundOrder,
  setNextOrderNumber,
  setOrderNote,
} from '../index';

/** An operation's refusal answered with its status and messages (a provider out of reach: 502); anything else is the server's error. */
const refusedWith = (reply: FastifyReply) => (err: unknown) => {
  if (err instanceof ProviderUnavailable) return reply.code(502).send({ error: ordersApi.providerUnreachable });
  if (!(err instanceof StoreRefusal)) throw err;
  return reply.code(err.status).send({ error: err.error, ...(err.errors && { errors: err.errors }) });
};

const orderParams = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const exportQuery = ordersQuery.omit({ before: true });

/** The site's day, for the export's file name. */
const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export function registerOrdersConfigApi(app: FastifyInstance, db: Db) {
  /** A call on one order: its id checked (an id no order could have is a 404 without a query), its refusals answered. */
  const onOrder = <B>(ctx: ConfigContext<B, undefined>, run: (orderId: string) => Promise<unknown>) => {
    const params = orderParams.safeParse(ctx.req.params);
    if (!params.success) return ctx.reply.code(404).send({ error: paymentsApi.noOrder });
    return run(params.data.orderId)
      .then((order) => ({ order }))
      .catch(refusedWith(ctx.reply));
  };

  configRoute(app, db, {
    method: 'GET',
    url: ORDERS_API.LIST,
    area: 'commerce-orders',
    access: 'read',
    query: ordersQuery,
    handler: async ({ reply, site, query }) => listOrders(db, site.id, query, siteSettings(site).timeZone).catch(refusedWith(reply)),
  });
  configRoute(app, db, {
    method: 'GET',
    url: ORDERS_API.EXPORT,
    area: 'commerce-orders',
    access: 'read',
    query: exportQuery,
    handler: async ({ reply, site, query }) => {
      const { timeZone } = siteSettings(site);
      let lines: AsyncIterable<string>;
      try {
        lines = ordersCsv(db, site.id, query, timeZone);
      } catch (err) {
        return refusedWith(reply)(err);
      }
      // As sendCsv, but `no-store` alone as every API answer says it: already stronger than `private`, so no cache keeps the customers' data.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('orders', site.identifier, today(timeZone))}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
  // The receipt is the order's page on the site, opened by its token: the owner is sent there (303).
  configRoute(app, db, {
    method: 'GET',
    url: `${ORDERS_API.LIST}/:orderId/receipt`,
    area: 'commerce-orders',
    access: 'read',
    handler: async ({ site, req, reply }) => {
      const params = orderParams.safeParse(req.params);
      if (!params.success || !(await orderRow(db, site.id, params.data.orderId))) return reply.code(404).send({ error: paymentsApi.noOrder });
      const token = orderToken(await orderTokenSecret(db), site.id, params.data.orderId);
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', `${CHECKOUT_PATHS.orderStatus(token)}/receipt`)
        .send();
    },
  });
  configRoute(app, db, {
    method: 'GET',
    url: ORDERS_API.COUNTS,
    area: 'commerce-orders',
    access: 'read',
    handler: async ({ site }) => orderCounts(db, site.id),
  });
  configRoute(app, db, {
    method: 'GET',
    url: `${ORDERS_API.LIST}/:orderId`,
    area: 'commerce-orders',
    access: 'read',
    handler: async (ctx) =>
      onOrder(ctx, async (orderId) => {
        const order = await orderDetail(db, ctx.site.id, orderId);
        if (!order) throw new StoreRefusal(404, paymentsApi.noOrder);
        return order;
      }),
  });
  configRoute(app, db, {
    method: 'POST',
    url: `${ORDERS_API.LIST}/:orderId/mark-paid`,
    area: 'commerce-orders',
    access: 'write',
    handler: async (ctx) => onOrder(ctx, (orderId) => markPaidByOwner(db, ctx.site.id, ctx.account.id, orderId)),
  });
  configRoute(app, db, {
    method: 'POST',
    url: `${ORDERS_API.LIST}/:orderId/fulfilments`,
    area: 'commerce-orders',
    access: 'write',
    body: fulfilBody,
    handler: async (ctx) => onOrder(ctx, (orderId) => fulfilOrder(db, ctx.site.id, ctx.account.id, orderId, ctx.body)),
  });
  configRoute(app, db, {
    method: 'POST',
    url: `${ORDERS_API.LIST}/:orderId/refunds`,
    area: 'commerce-orders',
    access: 'write',
    body: refundBody,
    handler: async (ctx) => onOrder(ctx, (orderId) => refundOrder(db, app.payments, ctx.site.id, ctx.account.id, orderId, ctx.body)),
  });
  configRoute(app, db, {
    method: 'POST',
    url: `${ORDERS_API.LIST}/:orderId/cancel`,
    area: 'commerce-orders',
    access: 'write',
    body: cancelBody,
    handler: async (ctx) => onOrder(ctx, (orderId) => cancelByOwner(db, app.payments, ctx.site.id, ctx.account.id, orderId, ctx.body.reason, ctx.body.notify)),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: `${ORDERS_API.LIST}/:orderId/note`,
    area: 'commerce-orders',
    access: 'write',
    body: noteBody,
    handler: async (ctx) => onOrder(ctx, (orderId) => setOrderNote(db, ctx.site.id, ctx.account.id, orderId, ctx.body.note)),
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
