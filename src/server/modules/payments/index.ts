/** The payments module's face: what other modules and the platform may use. */
export type { PaymentAmount, PaymentOutcome, PaymentProvider, PaymentProviders, WebhookEvent } from './provider';
export { paymentSettingsOf, startStorePayments, updatePaymentSettings, writePaymentSettings, type PaymentSettings } from './settings';
export { authorizedPaymentOf, capturePendingPayment, recordPaymentVoided, voidPendingPayment, type AuthorizedPayment } from './order-payments';
