/**
 * Webhook signatures as Stripe makes them (`Stripe-Signature: t={unix seconds},v1={hex}`, the
 * HMAC-SHA256 of `{t}.{raw body}` under the endpoint's secret): the service's deliveries
 * (./webhooks.ts) are signed under the secret each webhook endpoint was made with. Beside it, a
 * secret derived from an account's secret key, which the app's test provider checks the webhooks
 * it gets against, so the app and the tests that sign for it agree on one without storing it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { WEBHOOK_TOLERANCE_S } from '../../domain/checkout/protocol';

export const webhookSecretFor = (apiKey: string) => `whsec_${createHmac('sha256', apiKey).update('openpress test payments: webhooks').digest('hex')}`;

const digest = (secret: string, t: number, payload: Buffer | string) => createHmac('sha256', secret).update(`${t}.`).update(payload).digest('hex');

export function signPayload(secret: string, payload: Buffer | string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${digest(secret, t, payload)}`;
}

/** Whether one of the header's v1 signatures is the payload's under `secret`, made within the tolerance. */
export function verifySignature(secret: string, payload: Buffer, header: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(digest(secret, t, payload), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]+$/.test(v))
    .some(([, v]) => {
      const given = Buffer.from(v!, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
