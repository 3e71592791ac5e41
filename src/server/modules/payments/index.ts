/** The payments module's face: what other modules and the platform may use. */
export type { PaymentAmount, PaymentOutcome, PaymentProvider, PaymentProviders, WebhookEvent } from './provider';
export { ProviderUnavailable } from './provider';
