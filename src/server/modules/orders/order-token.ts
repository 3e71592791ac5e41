/**
 * The secret that opens an order's pages without signing in: an HMAC of the server's secret over
 * the site and the order, so the same order always has the same token (a replayed placement answers
 * the same address) and only its SHA-256 is stored.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../../db/client';
import { serverSecret } from '../../secrets/server-secrets';

export const ORDER_TOKEN_SECRET = 'order_token_secret';

export function orderToken(secret: string, websiteId: string, orderId: string): string {
  return createHmac('sha256', secret).update(`${websiteId}\n${orderId}`).digest('base64url');
}

/** What `orders.access_token_hash` holds: a token found by it, never kept itself. */
export function orderTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The server's order-token secret, made by whichever server asks first and shared by all. */
export function orderTokenSecret(db: Db): Promise<string> {
  return serverSecret(db, ORDER_TOKEN_SECRET);
}
