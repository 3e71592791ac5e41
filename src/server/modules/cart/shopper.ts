/**
 * Who is shopping, as far as their cart depends on it: the cart cookie's token, the signed-in
 * customer (looked up only when the member cookie is present), and how the site writes money (its
 * locale, and the labs flag that lets the locale decide: read from the site row, no query).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Database, Db } from '../../../db/client';
import { CART_COOKIE } from '../../../domain/cart-summary';
import type { MoneyFormat } from '../../../domain/commerce';
import { MEMBER_COOKIE, memberForSession } from '../accounts';
import type { CatalogueCache } from '../catalogue';
import type { PricingCache } from '../pricing';
import { moneyFormatOf, type WebsiteRow } from '../sites';

export type CartDeps = { pool: pg.Pool; db: Db; catalogue: CatalogueCache; pricing: PricingCache };

export type Shopper = { websiteId: string; token: string | undefined; siteUserId: string | undefined; format: MoneyFormat };

/** A cookie value that could be a token (43 base64url characters); anything else names no cart. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function cartDeps(app: FastifyInstance, database: Pick<Database, 'db' | 'pool'>): CartDeps {
  return { pool: database.pool, db: database.db, catalogue: app.catalogue, pricing: app.pricing };
}

export async function shopperOf(app: FastifyInstance, deps: CartDeps, req: FastifyRequest, site: WebsiteRow): Promise<Shopper> {
  const cookie = req.cookies[CART_COOKIE];
  const member = req.cookies[MEMBER_COOKIE] ? await memberForSession(deps.db, site.id, req.cookies[MEMBER_COOKIE]) : undefined;
  return {
    websiteId: site.id,
    token: cookie !== undefined && TOKEN.test(cookie) ? cookie : undefined,
    siteUserId: member?.user.id,
    format: moneyFormatOf(site),
  };
}
