/** The orders module's face: what other modules and the platform may use. */
// Creating an order in checkout's transaction, its token, and the capture that follows it.
export { createOrder, isOrderNumberTaken, newOrderId, takeOrderNumber, type CreatedOrder, type NewOrder, type OrderLineInput } from './create-order';
export { orderToken, orderTokenHash, orderTokenSecret } from './order-token';
export { captureHandler, captureJob, recordCaptured, PAYMENT_CAPTURE_JOB, type CapturePayload } from './capture';
// Gift cards, the order emails and what a download link opens.
export { giftCardCodeHash, giftCardCodesOf, issueGiftCards, normalizeGiftCardCode, type IssuedGiftCard } from './gift-cards';
export {
  ORDER_EMAIL_JOB,
  ORDERS_CONFIG_PATH,
  orderEmailHandler,
  orderEmailJobs,
  type DownloadGrant,
  type OrderEmailDeps,
} from './order-emails';
export { orderLineDownload } from './order-downloads';
// After an order is placed: marking it paid, cancelling it, the unpaid sweep, the owner's list and next number.
export { cancelOrder, type CancelOptions } from './cancel-order';
export { orderNumberOf, setNextOrderNumber } from './first-order-number';
export { markOrderPaid, markPaidByOwner } from './mark-paid';
export { listOrders } from './orders-list';
export { cancelOverdueUnpaidOrders, startUnpaidOrderSweep } from './unpaid-sweep';
export { orderForToken, type OrderView, type OrderViewLine } from './order-view';
