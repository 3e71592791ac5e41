/**
 * The test payment service's objects, shaped as Stripe's (PaymentIntent, Refund, Charge, Event,
 * WebhookEndpoint, PaymentMethodDomain, Account, error), and the ledger's records that hold them. Pure shapes and builders: the state machine is
 * ./accounts.ts, the HTTP face ./server.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TestCardOutcome } from '../../domain/checkout/test-cards';

/** The account a secret key opens: a hash of the key, so the ledger never holds a key. */
export type Partition = string;

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type StripeError = { type: string; code?: string; decline_code?: string; message: string; param?: string; payment_intent?: PaymentIntent };

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'manual' | 'automatic' | 'automatic_async';
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  payment_method: string | null;
  description: string | null;
  receipt_email: string | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } } | null;
  last_payment_error: StripeError | null;
  latest_charge: string | null;
  client_secret: string;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
};

export type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'succeeded';
  created: number;
};

export const EVENT_TYPES = [
  'payment_intent.created',
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'charge.refunded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: PaymentIntent | Charge };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
};

export type WebhookEndpoint = {
  id: string;
  object: 'webhook_endpoint';
  /** null: events are rendered in the account's version (API_VERSION), as Stripe answers for an endpoint made without one. */
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  /** Event types, or `*` for all. */
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  status: 'enabled' | 'disabled';
  url: string;
};

/** As the create call answers it: the only answer that shows the signing secret, as Stripe's. */
export type CreatedWebhookEndpoint = WebhookEndpoint & { secret: string };

type WalletStatus = { status: 'active' | 'inactive' };

export type PaymentMethodDomain = {
  id: string;
  object: 'payment_method_domain';
  amazon_pay: WalletStatus;
  apple_pay: WalletStatus;
  created: number;
  domain_name: string;
  enabled: boolean;
  google_pay: WalletStatus;
  klarna: WalletStatus;
  link: WalletStatus;
  livemode: false;
  paypal: WalletStatus;
};

/** The account a secret key opens, as `GET /v1/account` answers it: one fixed test account, its id the partition's. */
export type Account = {
  id: string;
  object: 'account';
  type: 'standard';
  country: string;
  default_currency: string;
  charges_enabled: true;
  payouts_enabled: true;
  details_submitted: true;
  email: null;
  capabilities: { card_payments: 'active' };
  metadata: Record<string, string>;
  business_profile: {
    name: string;
    mcc: null;
    minority_owned_business_designation: null;
    specified_commercial_transactions_act_url: null;
    support_address: null;
    support_email: null;
    support_phone: null;
    support_url: null;
    url: null;
  };
  settings: { dashboard: { display_name: string; timezone: string } };
};

const ACCOUNT_NAME = 'OpenPress test account';

export const accountObject = (p: Partition): Account => ({
  id: `acct_${createHash('sha256').update(p).digest('hex').slice(0, 16)}`,
  object: 'account',
  type: 'standard',
  country: 'GB',
  default_currency: 'gbp',
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  email: null,
  capabilities: { card_payments: 'active' },
  metadata: {},
  business_profile: {
    name: ACCOUNT_NAME,
    mcc: null,
    minority_owned_business_designation: null,
    specified_commercial_transactions_act_url: null,
    support_address: null,
    support_email: null,
    support_phone: null,
    support_url: null,
    url: null,
  },
  settings: { dashboard: { display_name: ACCOUNT_NAME, timezone: 'Etc/UTC' } },
});

/** What the service keeps of a payment beyond Stripe's object: its card's outcome and the way back from its detour. */
export type PaymentPrivate = { outcome: TestCardOutcome | null; returnUrl: string | null; charge: Charge | null };

/** An answer the service keeps for an idempotency key: replayed to every repeat of the same request, for a day (`at`, unix seconds), as Stripe does. */
export type SavedAnswer = { fingerprint: string; status: number; body: unknown; at: number };

/** How long an idempotency key's answer is kept: a key used again later makes a new request. */
export const IDEMPOTENCY_KEY_TTL_S = 24 * 60 * 60;

export type LedgerRecord =
  | { t: 'pi'; p: Partition; o: PaymentIntent; x: PaymentPrivate }
  | { t: 're'; p: Partition; o: Refund }
  | { t: 'ev'; p: Partition; o: StripeEvent }
  | { t: 'idem'; p: Partition; k: string; a: SavedAnswer }
  | { t: 'we'; p: Partition; o: WebhookEndpoint; secret: string }
  | { t: 'we-deleted'; p: Partition; id: string }
  | { t: 'pmd'; p: Partition; o: PaymentMethodDomain };

/** The API version the events say they were made with (the version the next issue's adapter pins). */
export const API_VERSION = '2025-01-27.acacia';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

/** An answer: its status and body, the records it wrote, and how it is delivered (after a delay, or not at all). */
export type Answer = { status: number; body: unknown; records: LedgerRecord[]; delayMs?: number; drop?: boolean };

export function errorAnswer(status: number, error: StripeError, records: LedgerRecord[] = []): Answer {
  return { status, body: { error }, records };
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  errorAnswer(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export const missing = (kind: string, id: string, param = 'id') =>
  errorAnswer(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

export const unexpectedState = (pi: PaymentIntent, action: string) =>
  errorAnswer(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`,
    payment_intent: pi,
  });
