/**
 * A store's connection to Stripe (Store → Payments): the publishable key (the only key a browser
 * is given), the secret key and the webhook endpoint's signing secret, both sealed at rest
 * (src/server/secrets) in the store's `payment_settings` row. The secret key is checked with
 * Stripe before it is kept, and the account's name read. A new signing secret replacing one keeps
 * the old one accepted for STRIPE_SECRET_OVERLAP_HOURS, while Stripe rolls it. None of it leaves
 * the server in an answer, an export or a template: only the last four characters of the secret key.
 */
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { STRIPE_SECRET_OVERLAP_HOURS, type StripeConnection, type StripeConnectionBody } from '../../../contracts/payments';
import type { Db, Executor } from '../../../db/client';
import { DEFAULT_CANCEL_UNPAID_DAYS, STRIPE_WEBHOOK_EVENTS } from '../../../domain/checkout/protocol';
import { paymentsApi } from '../../../messages/payments-api';
import { secretColumn, type SecretPlace } from '../../secrets/places';
import { seal, unsealOptional } from '../../secrets/sealed';
import { logActivity } from '../sites';
import { paymentSettings } from './schema';
import { stripeClient } from './stripe-provider';

/** Where the Stripe secrets are stored, for the passes over every stored secret (src/server/secrets/stored.ts). */
export const stripeSecretPlaces: SecretPlace[] = [
  secretColumn('Stripe secret keys', paymentSettings, [paymentSettings.websiteId], paymentSettings.stripeSecretKey),
  secretColumn('Stripe webhook signing secrets', paymentSettings, [paymentSettings.websiteId], paymentSettings.stripeWebhookSecret),
  secretColumn('Stripe webhook signing secrets being rolled', paymentSettings, [paymentSettings.websiteId], paymentSettings.stripePreviousWebhookSecret),
];

/** The stored connection as a row holds it (secrets sealed). */
export type StripeRow = Pick<
  typeof paymentSettings.$inferSelect,
  'stripePublishableKey' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripePreviousWebhookSecret' | 'stripePreviousUntil' | 'stripeAccountName'
>;

/** What the provider needs, unsealed: null when the store has not connected Stripe. */
export type StripeKeys = { publishableKey: string; secretKey: string; webhookSecrets: string[] };

export const isConnected = (row: Partial<StripeRow> | undefined): boolean => Boolean(row?.stripePublishableKey && row.stripeSecretKey);

/** The signing secrets a webhook may be signed under now: the endpoint's, and the one being rolled until its day is out. */
function webhookSecretsOf(row: StripeRow, now: Date): string[] {
  const rolling = row.stripePreviousUntil !== null && new Date(row.stripePreviousUntil) > now ? unsealOptional(row.stripePreviousWebhookSecret) : null;
  return [unsealOptional(row.stripeWebhookSecret), rolling].filter((s): s is string => s !== null);
}

export function stripeKeysOf(row: StripeRow | undefined, now = new Date()): StripeKeys | null {
  if (!row || !isConnected(row)) return null;
  return { publishableKey: row.stripePublishableKey!, secretKey: unsealOptional(row.stripeSecretKey)!, webhookSecrets: webhookSecretsOf(row, now) };
}

const modeOf = (key: string): 'live' | 'test' => (key.includes('_live_') ? 'live' : 'test');

/** The connection as the owner's screen shows it: never a secret, only the secret key's last four characters. */
export function stripeConnectionOf(row: StripeRow | undefined, webhookUrl: string, now = new Date()): StripeConnection {
  const connected = isConnected(row);
  const secretKey = connected ? unsealOptional(row!.stripeSecretKey) : null;
  const until = row?.stripePreviousUntil && new Date(row.stripePreviousUntil) > now ? new Date(row.stripePreviousUntil).toISOString() : null;
  return {
    connected,
    mode: connected ? modeOf(row!.stripePublishableKey!) : null,
    publishableKey: connected ? row!.stripePublishableKey! : null,
    secretKeyEnding: secretKey ? secretKey.slice(-4) : null,
    webhookSecretSet: connected && row!.stripeWebhookSecret !== null,
    previousWebhookSecretUntil: connected ? until : null,
    accountName: connected ? row!.stripeAccountName : null,
    webhookUrl,
    events: [...STRIPE_WEBHOOK_EVENTS],
  };
}

/** A refusal of the owner's keys, by field; `status` 400, or 502 when Stripe could not be asked. */
export class StripeKeysRefused extends Error {
  constructor(
    readonly status: 400 | 502,
    message: string,
    readonly field?: 'publishableKey' | 'secretKey' | 'webhookSecret',
  ) {
    super(message);
  }
}

/**
 * Asks Stripe whose account the secret key opens (`GET /v1/account`): its name, or the key refused.
 * A restricted key without the account's read permission is taken as it is, unnamed.
 */
export async function checkStripeKey(secretKey: string, api: string | undefined): Promise<string | null> {
  try {
    const account = await stripeClient({ secretKey, api, retries: 1, timeoutMs: 10_000 }).accounts.retrieveCurrent();
    return account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? account.email ?? null;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeAuthenticationError) throw new StripeKeysRefused(400, paymentsApi.secretKeyRefused, 'secretKey');
    if (err instanceof Stripe.errors.StripePermissionError) return null;
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError)
      throw new StripeKeysRefused(502, paymentsApi.stripeUnreachable);
    if (err instanceof Stripe.errors.StripeError) throw new StripeKeysRefused(400, paymentsApi.secretKeyRefused, 'secretKey');
    throw err;
  }
}

async function rowOf(tx: Executor, websiteId: string): Promise<StripeRow | undefined> {
  const [row] = await tx
    .select({
      stripePublishableKey: paymentSettings.stripePublishableKey,
      stripeSecretKey: paymentSettings.stripeSecretKey,
      stripeWebhookSecret: paymentSettings.stripeWebhookSecret,
      stripePreviousWebhookSecret: paymentSettings.stripePreviousWebhookSecret,
      stripePreviousUntil: paymentSettings.stripePreviousUntil,
      stripeAccountName: paymentSettings.stripeAccountName,
    })
    .from(paymentSettings)
    .where(eq(paymentSettings.websiteId, websiteId));
  return row;
}

export type StripeConnectionDeps = { db: Db; stripeApiUrl: string | undefined; webhookUrl: string; changed: (websiteId: string) => void };

/**
 * Connects Stripe, or changes its keys: a key the body leaves out keeps the stored one (a first
 * connection needs the secret key); the secret key is checked with Stripe before anything is
 * written. A new signing secret keeps the one it replaces accepted for a day.
 */
export async function connectStripe(deps: StripeConnectionDeps, websiteId: string, accountId: string, body: StripeConnectionBody): Promise<StripeConnection> {
  const stored = await rowOf(deps.db, websiteId);
  const secretKey = body.secretKey ?? unsealOptional(stored?.stripeSecretKey);
  if (!secretKey) throw new StripeKeysRefused(400, paymentsApi.secretKeyNeeded, 'secretKey');
  if (modeOf(secretKey) !== modeOf(body.publishableKey)) throw new StripeKeysRefused(400, paymentsApi.keysModes, 'publishableKey');
  const accountName =
    body.secretKey !== undefined || !stored?.stripeAccountName ? await checkStripeKey(secretKey, deps.stripeApiUrl) : stored.stripeAccountName;
  const saved = await deps.db.transaction(async (tx) => {
    const before = await rowOf(tx, websiteId);
    const oldSecret = unsealOptional(before?.stripeWebhookSecret);
    const rolled = body.webhookSecret !== undefined && oldSecret !== null && oldSecret !== body.webhookSecret;
    const values = {
      stripePublishableKey: body.publishableKey,
      stripeSecretKey: seal(secretKey),
      stripeAccountName: accountName,
      ...(body.webhookSecret !== undefined ? { stripeWebhookSecret: seal(body.webhookSecret) } : {}),
      ...(rolled
        ? {
            stripePreviousWebhookSecret: seal(oldSecret),
            stripePreviousUntil: new Date(Date.now() + STRIPE_SECRET_OVERLAP_HOURS * 3_600_000).toISOString(),
          }
        : {}),
    };
    await tx
      .insert(paymentSettings)
      .values({ websiteId, testMode: false, manualMethods: sql`'[]'::jsonb`, cancelUnpaidDays: DEFAULT_CANCEL_UNPAID_DAYS, ...values })
      .onConflictDoUpdate({ target: paymentSettings.websiteId, set: values });
    await logActivity(tx, websiteId, accountId, before && isConnected(before) ? 'payments.stripe_keys_changed' : 'payments.stripe_connected', {
      mode: modeOf(body.publishableKey),
      secretKeyChanged: body.secretKey !== undefined,
      webhookSecretChanged: body.webhookSecret !== undefined,
    });
    return rowOf(tx, websiteId);
  });
  deps.changed(websiteId);
  if (body.secretKey !== undefined) await offerWallets(secretKey, deps);
  return stripeConnectionOf(saved, deps.webhookUrl);
}

/**
 * Registers the site's address with Stripe as a payment method domain, so the Payment Element
 * offers Apple Pay and Google Pay there where Stripe offers them. Stripe refuses addresses it cannot
 * reach (localhost, a private name); cards work without it, so a refusal changes nothing else.
 */
async function offerWallets(secretKey: string, deps: StripeConnectionDeps): Promise<void> {
  const domain = new URL(deps.webhookUrl).hostname;
  await stripeClient({ secretKey, api: deps.stripeApiUrl, retries: 0, timeoutMs: 5_000 })
    .paymentMethodDomains.create({ domain_name: domain, enabled: true })
    .catch(() => undefined);
}

/** Forgets the keys (orders paid through Stripe keep their payments); answers the connection, now none. */
export async function disconnectStripe(deps: StripeConnectionDeps, websiteId: string, accountId: string): Promise<StripeConnection> {
  const saved = await deps.db.transaction(async (tx) => {
    const none = {
      stripePublishableKey: null,
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      stripePreviousWebhookSecret: null,
      stripePreviousUntil: null,
      stripeAccountName: null,
    };
    const [was] = await tx
      .update(paymentSettings)
      .set(none)
      .where(eq(paymentSettings.websiteId, websiteId))
      .returning({ websiteId: paymentSettings.websiteId });
    if (was) await logActivity(tx, websiteId, accountId, 'payments.stripe_disconnected', {});
    return rowOf(tx, websiteId);
  });
  deps.changed(websiteId);
  return stripeConnectionOf(saved, deps.webhookUrl);
}

/** The keys the Stripe provider is made with, unsealed; null when the store has not connected Stripe. */
export async function stripeKeysOfSite(db: Executor, websiteId: string): Promise<StripeKeys | null> {
  return stripeKeysOf(await rowOf(db, websiteId));
}

/** The connection as the owner's screen shows it, read afresh. */
export async function stripeConnectionOfSite(deps: Pick<StripeConnectionDeps, 'db' | 'webhookUrl'>, websiteId: string): Promise<StripeConnection> {
  return stripeConnectionOf(await rowOf(deps.db, websiteId), deps.webhookUrl);
}
