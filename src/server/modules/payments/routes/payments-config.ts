/**
 * Store → Payments' calls (src/contracts/payments.ts), through `configRoute` under the sub-area
 * `commerce-payments`: read for GET, write for PUT (the crumb plugin checks every write); the body
 * checked by its schema (a 400 naming each refused field) before the operation runs.
 */
import type { FastifyInstance } from 'fastify';
import { PAYMENTS_API, paymentSettingsBody } from '../../../../contracts/payments';
import type { Db } from '../../../../db/client';
import { configRoute } from '../../accounts';
import { paymentSettingsOf, updatePaymentSettings } from '../settings';

export function registerPaymentsConfigApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: PAYMENTS_API.SETTINGS,
    area: 'commerce-payments',
    access: 'read',
    handler: async ({ site }) => paymentSettingsOf(db, site.id),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: PAYMENTS_API.SETTINGS,
    area: 'commerce-payments',
    access: 'write',
    body: paymentSettingsBody,
    handler: async ({ site, account, body }) => updatePaymentSettings(db, site.id, account.id, body),
  });
}
