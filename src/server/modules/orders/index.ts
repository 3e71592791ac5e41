/** The orders module's face: what other modules and the platform may use. */
export { giftCardCodeHash, giftCardCodesOf, issueGiftCards, normalizeGiftCardCode, type IssuedGiftCard } from './gift-cards';
export { ORDER_EMAIL_JOB, ORDERS_CONFIG_PATH, enqueueOrderEmails, orderEmailHandler, type DownloadGrant, type OrderEmailDeps } from './order-emails';
export { orderLineDownload } from './order-downloads';
