/** The payments module's face: what other modules and the platform may use. */
export type { PaymentAmount, PaymentOutcome, PaymentProvider, PaymentProviders, WebhookEvent } from './provider';
export { ProviderUnavailable } from './provider';
export { ProviderRefused } from './refused';
export { createPaymentProviders, testModeKey, type PaymentProvidersOptions } from './providers';
export { ATTEMPT_METADATA, TEST_PROVIDER_TIMEOUT_MS } from './test-provider';
export { manualPaymentId } from './manual-provider';
