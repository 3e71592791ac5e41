/**
 * `POST /api/commerce/webhooks/{provider}`: a payment provider's server telling the store about a
 * payment (./webhooks.ts). The body is read as bytes, as the signature covers them, and the call
 * carries no cookie or crumb: the signature under the site's secret is its authority, so the crumb
 * plugin lets it through (`isPaymentWebhook`). Answered 200 as soon as the event is kept; 400 when
 * its signature does not hold, and nothing is done.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHECKOUT_API } from '../../../../domain/checkout/paths';
import { WEBHOOK_PROVIDERS } from '../../../../domain/checkout/protocol';
import { checkoutApi } from '../../../../messages/checkout-api';
import { http } from '../../../../messages/http';
import type { CheckoutDeps } from '../deps';
import { receiveWebhook } from '../webhooks';

const PREFIX = CHECKOUT_API.webhook('');
/** Stripe's events are a few kilobytes; a body past this is no event of ours. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function isPaymentWebhook(req: FastifyRequest): boolean {
  return req.method === 'POST' && (req.url.split('?')[0] ?? '').startsWith(PREFIX);
}

export async function registerPaymentWebhooks(app: FastifyInstance, deps: CheckoutDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(`${PREFIX}:provider`, async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const provider = WEBHOOK_PROVIDERS.find((p) => p === req.params.provider);
      if (!provider) return reply.code(404).send({ error: checkoutApi.webhookProvider });
      const site = await app.siteForRequest(req);
      if (!site) return reply.code(404).send({ error: http.noSite });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const receipt = await receiveWebhook(deps, site.id, provider, raw, req.headers);
      if (receipt === 'refused') return reply.code(400).send({ error: checkoutApi.webhookSignature });
      return reply.code(200).send({ received: true });
    });
  });
}
