/**
 * The shopper's cart calls (src/contracts/cart.ts) and the cart page's forms without JavaScript
 * (`POST /cart`, answered with 303 back to the page). Every answer carries the whole cart, priced
 * on the server, and the summary cookie; the cart cookie is set by the change that made the cart.
 * The crumb plugin has checked every change before it arrives here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  addToCartBody,
  CART_API,
  CART_FAILED_QUERY,
  couponBody,
  quantityBody,
  shippingLocationBody,
  shippingOptionBody,
  type CartAnswer,
} from '../../../../contracts/cart';
import type { Database } from '../../../../db/client';
import { ROUTES } from '../../../../domain/paths';
import { http } from '../../../../messages/http';
import { registerFormBodyParser } from '../../../http/form-body';
import { zodMessage } from '../../accounts';
import type { WebsiteRow } from '../../sites';
import { setCartSummary, setCartToken } from '../../../plugins/cart-cookies';
import { CartRefusal, changeCart, type CartChange } from '../operations/change-cart';
import { readCart } from '../operations/read-cart';
import { cartDeps, shopperOf, type Shopper } from '../shopper';

type Answer = { status: number; cart: CartAnswer } | { status: number; error: string; reason?: string; errors?: Record<string, string> };

/** A form's fields are text: numbers are read as numbers where the call takes one. */
const numbered = (body: unknown, field: string) => {
  if (typeof body !== 'object' || body === null) return body;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? { ...body, [field]: Number(value) } : body;
};

/** The change a form of the cart page asks for, from its `action` field. */
function formChange(body: Record<string, string>): { change: CartChange } | { error: z.ZodError } | undefined {
  const parse = <T>(schema: z.ZodType<T>, value: unknown, to: (v: T) => CartChange) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? { change: to(parsed.data) } : { error: parsed.error };
  };
  const { action, entryId = '', code, optionId, productId, variantId, quantity, country, region, postcode } = body;
  const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));
  switch (action) {
    case 'add':
      return parse(addToCartBody, numbered(defined({ productId, variantId, quantity }), 'quantity'), (v) => ({ kind: 'add', ...v }));
    case 'quantity':
      return parse(quantityBody, numbered(defined({ quantity }), 'quantity'), (v) => ({ kind: 'quantity', entryId, quantity: v.quantity }));
    case 'remove':
      return { change: { kind: 'remove', entryId } };
    case 'coupon':
      return parse(couponBody, { code }, (v) => ({ kind: 'coupon', code: v.code }));
    case 'removeCoupon':
      return parse(couponBody, { code }, (v) => ({ kind: 'removeCoupon', code: v.code }));
    case 'location':
      return parse(shippingLocationBody, defined({ country, region, postcode }), (v) => ({ kind: 'location', location: v }));
    case 'option':
      return parse(shippingOptionBody, { optionId }, (v) => ({ kind: 'option', optionId: v.optionId }));
    default:
      return undefined;
  }
}

export async function registerCartApi(app: FastifyInstance, database: Pick<Database, 'db' | 'pool'>): Promise<void> {
  const deps = cartDeps(app, database);

  const site = async (req: FastifyRequest, reply: FastifyReply): Promise<WebsiteRow | undefined> => {
    const found = await app.siteForRequest(req);
    if (!found) void reply.code(404).send({ error: http.noSite });
    return found;
  };

  /** Runs a change and answers it; a refusal is a 4xx with the seed's words. */
  const run = async (req: FastifyRequest, reply: FastifyReply, shopper: Shopper, change: CartChange): Promise<Answer> => {
    try {
      const outcome = await changeCart(deps, shopper, change);
      // A change keeps the cart cookie alive as long again: only a cart left alone runs out (../abandoned.ts).
      const token = outcome.newToken ?? shopper.token;
      if (token !== undefined) setCartToken(reply, token);
      setCartSummary(reply, outcome.cart, shopper.format);
      return { status: outcome.newToken !== undefined && change.kind === 'add' ? 201 : 200, cart: outcome.cart };
    } catch (err) {
      if (err instanceof CartRefusal) return { status: err.status, error: err.message, reason: err.reason };
      throw err;
    }
  };

  await app.register(async (scope) => {
    registerFormBodyParser(scope);

    const json =
      <T>(schema: z.ZodType<T>, field: string | undefined, to: (body: T, req: FastifyRequest) => CartChange) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        const found = await site(req, reply);
        if (!found) return reply;
        const parsed = schema.safeParse(field === undefined ? (req.body ?? {}) : numbered(req.body ?? {}, field));
        if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
        const { status, ...answer } = await run(req, reply, await shopperOf(app, deps, req, found), to(parsed.data, req));
        return reply.code(status).header('cache-control', 'no-store').send(answer);
      };
    const entryId = (req: FastifyRequest) => (req.params as { entryId: string }).entryId;

    scope.get(CART_API.CART, async (req, reply) => {
      const found = await site(req, reply);
      if (!found) return reply;
      const shopper = await shopperOf(app, deps, req, found);
      const cart = await readCart(deps, shopper);
      setCartSummary(reply, cart, shopper.format);
      return reply.header('cache-control', 'no-store').send({ cart });
    });
    scope.post(
      CART_API.ENTRIES,
      json(addToCartBody, 'quantity', (b) => ({ kind: 'add', ...b })),
    );
    scope.put(
      `${CART_API.ENTRIES}/:entryId`,
      json(quantityBody, 'quantity', (b, req) => ({ kind: 'quantity', entryId: entryId(req), quantity: b.quantity })),
    );
    scope.delete(`${CART_API.ENTRIES}/:entryId`, async (req, reply) => {
      const found = await site(req, reply);
      if (!found) return reply;
      const { status, ...answer } = await run(req, reply, await shopperOf(app, deps, req, found), { kind: 'remove', entryId: entryId(req) });
      return reply.code(status).header('cache-control', 'no-store').send(answer);
    });
    scope.post(
      CART_API.COUPONS,
      json(couponBody, undefined, (b) => ({ kind: 'coupon', code: b.code })),
    );
    scope.delete(`${CART_API.COUPONS}/:code`, async (req, reply) => {
      const found = await site(req, reply);
      if (!found) return reply;
      const parsed = couponBody.safeParse({ code: (req.params as { code: string }).code });
      if (!parsed.success) return reply.code(400).send(zodMessage(parsed.error));
      const { status, ...answer } = await run(req, reply, await shopperOf(app, deps, req, found), { kind: 'removeCoupon', code: parsed.data.code });
      return reply.code(status).header('cache-control', 'no-store').send(answer);
    });
    scope.put(
      CART_API.SHIPPING_LOCATION,
      json(shippingLocationBody, undefined, (b) => ({ kind: 'location', location: b })),
    );
    scope.put(
      CART_API.SHIPPING_OPTION,
      json(shippingOptionBody, undefined, (b) => ({ kind: 'option', optionId: b.optionId })),
    );

    // The cart page's forms without JavaScript: whatever happens, back to the cart page (a refusal is shown there by the cart itself).
    scope.post(ROUTES.CART, async (req, reply) => {
      const found = await site(req, reply);
      if (!found) return reply;
      const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, string>) : {};
      const asked = formChange(body);
      if (asked === undefined || 'error' in asked) {
        return reply.code(400).send(asked === undefined ? { error: http.badRequest } : zodMessage(asked.error));
      }
      const done = await run(req, reply, await shopperOf(app, deps, req, found), asked.change);
      // A refusal comes back as the action that failed, for the page to say so in the seed's words.
      const location = 'error' in done ? `${ROUTES.CART}?${CART_FAILED_QUERY}=${asked.change.kind}` : ROUTES.CART;
      return reply.code(303).header('cache-control', 'no-store').header('location', location).send();
    });
  });
}
