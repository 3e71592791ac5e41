/**
 * The owner's Customers screen's calls (src/contracts/customers.ts) under `commerce-orders`, read
 * only, through `configRoute`. The customers are the accounts of this module and the buyers of the
 * orders module above it, which answers for both (a module's routes may use the modules above it).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CUSTOMERS_API, customerParams, customerQuery, customersExportQuery, customersQuery } from '../../../../contracts/customers';
import type { Db } from '../../../../db/client';
import { customers as words } from '../../../../messages/customers';
import { csvFileName } from '../../../http/csv';
import { customerById, customerOrders, customersCsv, customerTarget, listCustomers } from '../../orders';
import { siteSettings } from '../../sites';
import { configRoute } from '../config-route';

export function registerCustomersConfigApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: CUSTOMERS_API.LIST,
    area: 'commerce-orders',
    access: 'read',
    query: customersQuery,
    handler: async ({ site, query }) => listCustomers(db, site.id, query),
  });
  configRoute(app, db, {
    method: 'GET',
    url: CUSTOMERS_API.EXPORT,
    area: 'commerce-orders',
    access: 'read',
    query: customersExportQuery,
    handler: async ({ site, reply, query }) => {
      const today = new Date().toISOString().slice(0, 10);
      // As sendCsv writes it, but `no-store` as every API answer says it (private adds nothing to no-store).
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('customers', site.identifier, today)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(customersCsv(db, site.id, query.q, siteSettings(site).timeZone)));
    },
  });
  configRoute(app, db, {
    method: 'GET',
    url: `${CUSTOMERS_API.LIST}/:customerId`,
    area: 'commerce-orders',
    access: 'read',
    query: customerQuery,
    handler: async ({ req, reply, site, query }) => {
      const params = customerParams.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: words.notFound });
      const target = customerTarget(params.data.customerId);
      const [customer, orders] = await Promise.all([customerById(db, site.id, target), customerOrders(db, site.id, target, query.before)]);
      if (!customer) return reply.code(404).send({ error: words.notFound });
      return { customer, ...orders };
    },
  });
}
