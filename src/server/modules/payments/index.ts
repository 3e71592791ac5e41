/** The payments module's face: the providers (`app.payments`) and what their callers need, the store's payment settings and orders' payment rows. */
export { createPaymentProviders, testModeKey, type PaymentProvidersOptions } from './providers';
export {
  ProviderUnavailable,
  type PaymentAmount,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviders,
  type WebhookEvent,
} from './provider';
export { ProviderRefused } from './refused';
export { TEST_PROVIDER_TIMEOUT_MS } from './test-provider';
export { ATTEMPT_METADATA } from './stripe-intents';
export { stripeProvider, type StripeProviderOptions } from './stripe-provider';
export { manualPaymentId } from './manual-provider';
export { stripeSecretPlaces } from './stripe-connection';
export { paymentSettingsOf, startStorePayments, updatePaymentSettings, writePaymentSettings, type PaymentSettings } from './settings';
export {
  authorizedPaymentOf,
  capturePendingPayment,
  orderPaymentOf,
  recordPaymentRefunded,
  recordPaymentVoided,
  voidPendingPayment,
  type AuthorizedPayment,
  type OrderPayment,
} from './order-payments';
