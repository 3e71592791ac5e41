/**
 * The providers a site may use, as the app holds them (`app.payments`). A site's test-mode key for
 * the test payment service is derived from the server's secret key and the site's id, nothing
 * stored: each site sees only its own test payments, and every app server of an install (sharing
 * SECRET_KEY) opens the same account. Whether the test provider is offered (test mode) is the
 * store's setting, checked by whoever offers it.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../../../db/client';
import { manualProvider } from './manual-provider';
import { ProviderUnavailable, type PaymentProvider, type PaymentProviders } from './provider';
import { paymentsApi } from '../../../messages/payments-api';
import { testProvider } from './test-provider';
import { stripeKeysOfSite } from './stripe-connection';
import { stripeProvider } from './stripe-provider';

/**
 * How long a site's Stripe provider (its keys, read and unsealed) is kept in memory: a change made
 * on this server is seen at once (`changed`), on another server of the install within this time.
 */
export const STRIPE_PROVIDER_TTL_MS = 30_000;

export type PaymentProvidersOptions = {
  db: Db;
  /** Where the test payment service answers; unset, the test provider answers ProviderUnavailable. */
  testPaymentsUrl: string | undefined;
  /** The server's secret key, which the sites' test-mode keys are derived from. */
  secret: Buffer;
  /** How long a test provider call may take (TEST_PROVIDER_TIMEOUT_MS when not given). */
  timeoutMs?: number;
  /** Where Stripe's API answers, when not at Stripe (STRIPE_API_URL: the test payment service, in tests). */
  stripeApiUrl?: string | undefined;
};

/** A site's secret key for the test payment service. */
export const testModeKey = (secret: Buffer, websiteId: string) =>
  `sk_test_${createHmac('sha256', secret).update(`openpress test payments: ${websiteId}`).digest('hex').slice(0, 40)}`;

export function createPaymentProviders(opts: PaymentProvidersOptions): PaymentProviders {
  const stripes = new Map<string, { at: number; made: Promise<PaymentProvider> }>();
  const stripeOf = (websiteId: string): Promise<PaymentProvider> => {
    const kept = stripes.get(websiteId);
    if (kept && Date.now() - kept.at < STRIPE_PROVIDER_TTL_MS) return kept.made;
    const made = stripeKeysOfSite(opts.db, websiteId).then((keys) => {
      // A site connects Stripe under Store → Payments (its keys); until then no payment goes to it.
      if (!keys) throw new ProviderUnavailable(paymentsApi.stripeNotConnected);
      return stripeProvider({ secretKey: keys.secretKey, webhookSecrets: keys.webhookSecrets, api: opts.stripeApiUrl, timeoutMs: opts.timeoutMs });
    });
    stripes.set(websiteId, { at: Date.now(), made });
    made.catch(() => stripes.delete(websiteId));
    return made;
  };
  return {
    changed: (websiteId) => void stripes.delete(websiteId),
    stripeApiUrl: opts.stripeApiUrl,
    provider: async (websiteId, id) => {
      switch (id) {
        case 'test':
          return testProvider({ url: opts.testPaymentsUrl, apiKey: testModeKey(opts.secret, websiteId), timeoutMs: opts.timeoutMs });
        case 'manual':
          return manualProvider({ db: opts.db, websiteId });
        case 'stripe':
          return stripeOf(websiteId);
      }
    },
  };
}
