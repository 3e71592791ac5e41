/**
 * Store → Payments' calls (src/contracts/payments.ts), through `configRoute` under the sub-area
 * `commerce-payments`: read for GET, write for PUT and DELETE (the crumb plugin checks every
 * write); the body checked by its schema (a 400 naming each refused field) before the operation
 * runs. The Stripe connection's answers never carry a secret (./../stripe-connection.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAYMENTS_API, paymentSettingsBody, stripeConnectionBody } from '../../../../contracts/payments';
import type { Db } from '../../../../db/client';
import { CHECKOUT_API } from '../../../../domain/checkout/paths';
import { configRoute } from '../../accounts';
import type { WebsiteRow } from '../../sites';
import { paymentSettingsOf, updatePaymentSettings, type PaymentSettings } from '../settings';
import { connectStripe, disconnectStripe, stripeConnectionOfSite, StripeKeysRefused, type StripeConnectionDeps } from '../stripe-connection';

export function registerPaymentsConfigApi(app: FastifyInstance, db: Db) {
  const stripeDeps = (site: WebsiteRow): StripeConnectionDeps => ({
    db,
    stripeApiUrl: app.payments.stripeApiUrl,
    webhookUrl: `${app.siteOrigin(site)}${CHECKOUT_API.webhook('stripe')}`,
    changed: (websiteId) => app.payments.changed(websiteId),
  });
  /** The settings as the screen shows them: the Stripe connection in place of the provider's own view of it. */
  const answer = async (site: WebsiteRow, settings: PaymentSettings) => {
    const { stripe: _offered, ...rest } = settings;
    return { ...rest, stripe: await stripeConnectionOfSite(stripeDeps(site), site.id) };
  };
  const refused = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof StripeKeysRefused)) throw err;
    return reply.code(err.status).send({ error: err.message, ...(err.field ? { errors: { [err.field]: err.message } } : {}) });
  };

  configRoute(app, db, {
    method: 'GET',
    url: PAYMENTS_API.SETTINGS,
    area: 'commerce-payments',
    access: 'read',
    handler: async ({ site }) => answer(site, await paymentSettingsOf(db, site.id)),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: PAYMENTS_API.SETTINGS,
    area: 'commerce-payments',
    access: 'write',
    body: paymentSettingsBody,
    handler: async ({ site, account, body }) => answer(site, await updatePaymentSettings(db, site.id, account.id, body)),
  });
  configRoute(app, db, {
    method: 'PUT',
    url: PAYMENTS_API.STRIPE,
    area: 'commerce-payments',
    access: 'write',
    body: stripeConnectionBody,
    handler: async ({ site, account, body, reply }) => connectStripe(stripeDeps(site), site.id, account.id, body).catch((err: unknown) => refused(reply, err)),
  });
  configRoute(app, db, {
    method: 'DELETE',
    url: PAYMENTS_API.STRIPE,
    area: 'commerce-payments',
    access: 'write',
    handler: async ({ site, account }) => disconnectStripe(stripeDeps(site), site.id, account.id),
  });
}
