/**
 * Placing an order and coming back from a provider's detour (src/contracts/checkout.ts). The crumb
 * plugin has checked the place call before it arrives here, as every state-changing site call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHECKOUT_API, CHECKOUT_PATHS, placeOrderRequest } from '../../../../contracts/checkout';
import type { Database } from '../../../../db/client';
import { ATTEMPT_QUERY, CHECKOUT_FAILED_QUERY } from '../../../../domain/checkout/paths';
import { ATTEMPT_KEY_PATTERN } from '../../../../domain/checkout/protocol';
import { checkoutApi } from '../../../../messages/checkout-api';
import { http } from '../../../../messages/http';
import { requestOrigin } from '../../../request';
import { shopperOf } from '../../cart';
import type { WebsiteRow } from '../../sites';
import { checkoutDeps, finishDetour, placeOrder, PlaceRefusal, type CheckoutDeps } from '..';
import { registerPaymentWebhooks } from './webhooks';

export async function registerCheckoutApi(
  app: FastifyInstance,
  database: Pick<Database, 'db' | 'pool'>,
  deps: CheckoutDeps = checkoutDeps(app, database),
): Promise<void> {
  const site = async (req: FastifyRequest, reply: FastifyReply): Promise<WebsiteRow | undefined> => {
    const found = await app.siteForRequest(req);
    if (!found) void reply.code(404).send({ error: http.noSite });
    return found;
  };
  const returnUrl = (req: FastifyRequest, key: string) => `${requestOrigin(req)}${CHECKOUT_PATHS.RETURN}?${ATTEMPT_QUERY}=${encodeURIComponent(key)}`;

  app.post(CHECKOUT_API.PLACE, async (req, reply) => {
    const found = await site(req, reply);
    if (!found) return reply;
    void reply.header('cache-control', 'no-store');
    const parsed = placeOrderRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      return reply.code(400).send(new PlaceRefusal(400, 'invalid', checkoutApi.invalid, { field }).body);
    }
    try {
      const shopper = await shopperOf(app, deps, req, found);
      const answer = await placeOrder(deps, shopper, parsed.data, { returnUrl: returnUrl(req, parsed.data.attemptKey) });
      return reply.code(answer.state === 'placed' ? 201 : 200).send(answer);
    } catch (err) {
      if (err instanceof PlaceRefusal) return reply.code(err.status).send(err.body);
      throw err;
    }
  });

  app.get(CHECKOUT_PATHS.RETURN, async (req, reply) => {
    const found = await site(req, reply);
    if (!found) return reply;
    const key = (req.query as Record<string, unknown>)[ATTEMPT_QUERY];
    const back = (reason: string) => `${CHECKOUT_PATHS.PAGE}?${CHECKOUT_FAILED_QUERY}=${reason}`;
    let location: string;
    if (typeof key !== 'string' || !ATTEMPT_KEY_PATTERN.test(key)) location = back('cartChanged');
    else {
      try {
        const answer = await finishDetour(deps, found.id, key);
        location = answer === undefined ? back('cartChanged') : answer.state === 'placed' ? answer.orderPath : back('declined');
      } catch (err) {
        if (!(err instanceof PlaceRefusal)) throw err;
        location = back(err.reason);
      }
    }
    return reply.code(303).header('cache-control', 'no-store').header('location', location).send();
  });
  await registerPaymentWebhooks(app, deps);
}
