/**
 * The cart's statements. A shopper's open carts (the cookie's and the signed-in customer's) are read
 * with their lines in one statement; a change touches the cart and writes a line in one statement,
 * and a cart is made in one statement when there is none to change.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { PricingLocation } from '../../../domain/pricing/types';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../domain/pricing/limits';

export type CartLineRow = { id: string; productId: string; variantId: string; quantity: number };
export type CartRow = {
  id: string;
  token: string;
  siteUserId: string | null;
  created: string;
  couponCodes: string[];
  shippingLocation: PricingLocation | null;
  shippingRateId: string | null;
  lines: CartLineRow[];
};

/** Whose carts: the cart cookie's token, the signed-in customer's account. */
export type CartOwner = { websiteId: string; token: string | undefined; siteUserId: string | undefined };

const newId = () => randomBytes(12).toString('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** The shopper's open cart: the customer's when signed in, else the cookie's; a customer's cart is never a visitor's, whatever cookie they hold. */
const OWNED = `c.website_id = $1 AND c.purchased_at IS NULL AND ((c.token = $2 AND (c.site_user_id IS NULL OR c.site_user_id = $3)) OR c.site_user_id = $3)`;
const ORDER_OWNED = `ORDER BY (c.site_user_id IS NOT NULL) DESC, c.created_at LIMIT 1`;

const CARTS_SQL = `
SELECT c.id, c.token, c.site_user_id AS "siteUserId", c.created_at AS created, c.coupon_codes AS "couponCodes",
  c.shipping_location AS "shippingLocation", c.shipping_rate_id AS "shippingRateId",
  coalesce((SELECT json_agg(json_build_object('id', l.id, 'productId', l.product_id, 'variantId', l.variant_id, 'quantity', l.quantity) ORDER BY l.added_at, l.id)
    FROM cart_lines l WHERE l.website_id = c.website_id AND l.cart_id = c.id), '[]') AS lines
FROM carts c WHERE ${OWNED}
ORDER BY (c.site_user_id IS NOT NULL) DESC, c.created_at`;

/** The shopper's open carts, the customer's first: at most two (a cookie's cart from before they signed in, and theirs). */
export async function ownedCarts(pool: pg.Pool, owner: CartOwner): Promise<CartRow[]> {
  if (owner.token === undefined && owner.siteUserId === undefined) return [];
  const { rows } = await pool.query<CartRow>({
    name: 'openpress_owned_carts',
    text: CARTS_SQL,
    values: [owner.websiteId, owner.token ?? null, owner.siteUserId ?? null],
  });
  return rows;
}

/** Into the shopper's open cart, or a new one ($8, its token $9) when they have none: one statement either way. */
const ADD_SQL = `
WITH cart AS (
  UPDATE carts c SET updated_at = now()
  WHERE c.website_id = $1 AND c.id = (SELECT c.id FROM carts c WHERE ${OWNED} ${ORDER_OWNED})
  RETURNING c.id
),
made AS (
  INSERT INTO carts (website_id, id, token, site_user_id) SELECT $1, $8, $9, $3 WHERE NOT EXISTS (SELECT 1 FROM cart)
  RETURNING id
),
target AS (SELECT id FROM cart UNION ALL SELECT id FROM made),
added AS (
  INSERT INTO cart_lines (website_id, cart_id, id, product_id, variant_id, quantity)
  SELECT $1, target.id, $4, $5, $6, $7 FROM target
  WHERE (SELECT count(*) FROM cart_lines l WHERE l.website_id = $1 AND l.cart_id = target.id) < ${MAX_CART_LINES}
     OR EXISTS (SELECT 1 FROM cart_lines l WHERE l.website_id = $1 AND l.cart_id = target.id AND l.variant_id = $6)
  ON CONFLICT (website_id, cart_id, variant_id) DO UPDATE SET quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})
  RETURNING cart_id
)
SELECT EXISTS (SELECT 1 FROM added) AS added, EXISTS (SELECT 1 FROM made) AS made`;

const NEW_CART_WITH_LINE_SQL = `
WITH cart AS (
  INSERT INTO carts (website_id, id, token, site_user_id) VALUES ($1, $2, $3, $4) RETURNING id
)
INSERT INTO cart_lines (website_id, cart_id, id, product_id, variant_id, quantity)
SELECT $1, cart.id, $5, $6, $7, $8 FROM cart RETURNING cart_id AS "cartId"`;

export type AddOutcome = { added: true; newToken?: string } | { added: false; full: true };

/**
 * Adds `quantity` of a variant to the shopper's cart (a line of it already there grows, up to the
 * most a line holds), making the cart when there is none. A cart of the most lines takes no new one.
 */
export async function addLine(pool: pg.Pool, owner: CartOwner, line: { productId: string; variantId: string; quantity: number }): Promise<AddOutcome> {
  const quantity = Math.min(line.quantity, MAX_LINE_QUANTITY);
  if (owner.token !== undefined || owner.siteUserId !== undefined) {
    const token = newToken();
    const { rows } = await pool.query<{ added: boolean; made: boolean }>({
      name: 'openpress_cart_add',
      text: ADD_SQL,
      values: [owner.websiteId, owner.token ?? null, owner.siteUserId ?? null, newId(), line.productId, line.variantId, quantity, newId(), token],
    });
    // Not added: the open cart holds the most lines already.
    if (!rows[0]?.added) return { added: false, full: true };
    return rows[0].made ? { added: true, newToken: token } : { added: true };
  }
  const token = newToken();
  await pool.query({
    name: 'openpress_cart_new_with_line',
    text: NEW_CART_WITH_LINE_SQL,
    values: [owner.websiteId, newId(), token, owner.siteUserId ?? null, newId(), line.productId, line.variantId, quantity],
  });
  return { added: true, newToken: token };
}

const SET_QUANTITY_SQL = `
UPDATE cart_lines l SET quantity = $5
FROM carts c WHERE l.website_id = $1 AND l.id = $4 AND l.cart_id = c.id AND ${OWNED}
RETURNING l.id`;

const REMOVE_LINE_SQL = `
DELETE FROM cart_lines l USING carts c
WHERE l.website_id = $1 AND l.id = $4 AND l.cart_id = c.id AND ${OWNED}
RETURNING l.id`;

/** Sets a line's quantity (0 removes it); false when the shopper's cart has no such line. */
export async function setLineQuantity(pool: pg.Pool, owner: CartOwner, entryId: string, quantity: number): Promise<boolean> {
  const values = [owner.websiteId, owner.token ?? null, owner.siteUserId ?? null, entryId];
  const { rowCount } =
    quantity === 0
      ? await pool.query({ name: 'openpress_cart_remove', text: REMOVE_LINE_SQL, values })
      : await pool.query({ name: 'openpress_cart_quantity', text: SET_QUANTITY_SQL, values: [...values, Math.min(quantity, MAX_LINE_QUANTITY)] });
  return (rowCount ?? 0) > 0;
}

/** What a change to the cart itself (not its lines) sets. */
export type CartFields = { couponCodes?: string[]; shippingLocation?: PricingLocation; shippingRateId?: string };

const SET_FIELDS_SQL = `
UPDATE carts c SET updated_at = now(),
  coupon_codes = coalesce($4::text[], c.coupon_codes),
  shipping_location = coalesce($5::jsonb, c.shipping_location),
  shipping_rate_id = coalesce($6::text, c.shipping_rate_id)
WHERE c.website_id = $1 AND c.id = (SELECT c.id FROM carts c WHERE ${OWNED} ${ORDER_OWNED})
RETURNING c.id`;

const NEW_CART_SQL = `
INSERT INTO carts (website_id, id, token, site_user_id, coupon_codes, shipping_location, shipping_rate_id)
VALUES ($1, $2, $3, $4, coalesce($5::text[], '{}'), $6::jsonb, $7)`;

/** Sets the cart's coupons, location or shipping choice, making the cart when there is none. */
export async function setCartFields(pool: pg.Pool, owner: CartOwner, fields: CartFields): Promise<{ newToken?: string }> {
  const set = [fields.couponCodes ?? null, fields.shippingLocation ? JSON.stringify(fields.shippingLocation) : null, fields.shippingRateId ?? null];
  if (owner.token !== undefined || owner.siteUserId !== undefined) {
    const { rowCount } = await pool.query({
      name: 'openpress_cart_fields',
      text: SET_FIELDS_SQL,
      values: [owner.websiteId, owner.token ?? null, owner.siteUserId ?? null, ...set],
    });
    if (rowCount) return {};
  }
  const token = newToken();
  await pool.query({ name: 'openpress_cart_new', text: NEW_CART_SQL, values: [owner.websiteId, newId(), token, owner.siteUserId ?? null, ...set] });
  return { newToken: token };
}

const CLAIM_SQL = `UPDATE carts SET site_user_id = $3, updated_at = now() WHERE website_id = $1 AND id = $2 AND site_user_id IS NULL AND purchased_at IS NULL`;

const MERGE_SQL = `
WITH moved AS (DELETE FROM cart_lines WHERE website_id = $1 AND cart_id = $2 RETURNING product_id, variant_id, quantity, added_at),
gone AS (DELETE FROM carts WHERE website_id = $1 AND id = $2)
INSERT INTO cart_lines (website_id, cart_id, id, product_id, variant_id, quantity, added_at)
SELECT $1, $3, substr(md5(random()::text || clock_timestamp()::text || moved.variant_id), 1, 24), product_id, variant_id, quantity, added_at FROM moved
ON CONFLICT (website_id, cart_id, variant_id) DO UPDATE SET quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`;

/**
 * A visitor's cart meets their account when they sign in: a customer with no cart takes the
 * visitor's as theirs; one with a cart gets the visitor's lines added to it.
 */
export async function joinCarts(pool: pg.Pool, websiteId: string, siteUserId: string, visitorCart: CartRow, customerCart: CartRow | undefined): Promise<void> {
  if (customerCart === undefined) {
    await pool.query({ name: 'openpress_cart_claim', text: CLAIM_SQL, values: [websiteId, visitorCart.id, siteUserId] });
  } else {
    await pool.query({ name: 'openpress_cart_merge', text: MERGE_SQL, values: [websiteId, visitorCart.id, customerCart.id] });
  }
}

const CLONE_SQL = `
WITH source AS (SELECT * FROM carts WHERE website_id = $1 AND site_user_id = $2 AND purchased_at IS NULL),
cart AS (
  INSERT INTO carts (website_id, id, token, coupon_codes, shipping_location, shipping_rate_id)
  SELECT $1, $3, $4, coupon_codes, shipping_location, shipping_rate_id FROM source RETURNING id
),
copied AS (
  INSERT INTO cart_lines (website_id, cart_id, id, product_id, variant_id, quantity, added_at)
  SELECT $1, cart.id, substr(md5(random()::text || clock_timestamp()::text || l.id), 1, 24), l.product_id, l.variant_id, l.quantity, l.added_at
  FROM cart, source JOIN cart_lines l ON l.website_id = source.website_id AND l.cart_id = source.id
  RETURNING 1
)
SELECT (SELECT count(*) FROM cart)::int AS made, (SELECT count(*) FROM copied)::int AS lines`;

/** A copy of the customer's open cart for the visitor they become on signing out: its token, or undefined when they had none. */
export async function cloneCustomerCart(pool: pg.Pool, websiteId: string, siteUserId: string): Promise<string | undefined> {
  const token = newToken();
  const { rows } = await pool.query<{ made: number }>({ name: 'openpress_cart_clone', text: CLONE_SQL, values: [websiteId, siteUserId, newId(), token] });
  return rows[0]!.made > 0 ? token : undefined;
}
