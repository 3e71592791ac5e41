/**
 * The cart page's answer (`GET /cart` on a site with a shop): this shopper's cart, read and priced
 * by the cart module, drawn by render/cart-page.tsx. Never cached. Its forms need the crumb in their address: the
 * visitor's own, or the one this answer is giving them (a first visit's crumb cookie, set on the
 * way in by the crumb plugin). `?failed={action}` (a form the server refused, src/contracts/cart.ts)
 * shows the seed's words for it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { CART_FAILED_QUERY } from '../../domain/cart-paths';
import { COOKIE_NAMES } from '../../domain/cookies';
import { cartFailure } from '../../ui/cart/cart-failures';
import { cartDeps, readCart, shopperOf } from '../modules/cart';
import type { WebsiteRow } from '../modules/sites';
import type { ClientAssets } from '../render/assets';
import { renderCartPage } from '../render/cart-page';
import { setCartSummary } from './cart-cookies';
import { shopPathOf, type SiteResponse, type SystemPageInfo } from '../render/site-page';

type Info = SystemPageInfo;

/** The crumb this visitor's browser holds once this answer arrives. */
function crumbOf(req: FastifyRequest, reply: FastifyReply): string {
  const prefix = `${COOKIE_NAMES.CRUMB}=`;
  const set = reply.getHeader('set-cookie');
  const given = (Array.isArray(set) ? set : [set]).find((c): c is string => typeof c === 'string' && c.startsWith(prefix));
  return given ? given.slice(prefix.length).split(';')[0]! : (req.cookies[COOKIE_NAMES.CRUMB] ?? '');
}

/** The cart page, or undefined on a site without a shop (the address is then answered as any other). */
export async function answerCartPage(
  app: FastifyInstance,
  database: Pick<Database, 'db' | 'pool'>,
  assets: ClientAssets,
  at: { req: FastifyRequest; reply: FastifyReply; site: WebsiteRow; info: Info },
): Promise<SiteResponse | undefined> {
  const { req, reply, site, info } = at;
  const shopPath = await shopPathOf(app.catalogue, site.id);
  if (shopPath === undefined) return undefined;
  const deps = cartDeps(app, database);
  const shopper = await shopperOf(app, deps, req, site);
  const cart = await readCart(deps, shopper);
  // The page shows the cart as it is now: the indicator's summary says the same.
  setCartSummary(reply, cart, shopper.format);
  return renderCartPage(app.siteContent, site, info, assets, {
    cart,
    money: shopper.format,
    crumb: crumbOf(req, reply),
    shopPath,
    error: cartFailure(info.query.get(CART_FAILED_QUERY)),
  });
}
