/** The orders module's face: what other modules and the platform may use. */
// Creating an order in checkout's transaction, its token, and the capture that follows it.
export { createOrder, type CreatedOrder, type NewOrder, type OrderLineInput } from './create-order';
export { orderToken, orderTokenHash, orderTokenSecret } from './order-token';
export { captureHandler, captureJob, recordCaptured, PAYMENT_CAPTURE_JOB, type CapturePayload } from './capture';
// Gift cards, the order emails and what a download link opens.
export { giftCardCodeHash, giftCardCodesOf, issueGiftCards, normalizeGiftCardCode, type IssuedGiftCard } from './gift-cards';
export { ORDER_EMAIL_JOB, ORDERS_CONFIG_PATH, enqueueOrderEmails, orderEmailHandler, type DownloadGrant, type OrderEmailDeps } from './order-emails';
export { orderLineDownload } from './order-downloads';
