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
  orderUpdateEmailJob,
  PREVIEW_EMAILS,
  sampleEmail,
  type OrderUpdate,
  type PreviewEmail,
  type DownloadGrant,
  type OrderEmailDeps,
} from './order-emails';
export { orderLineDownload } from './order-downloads';
// After an order is placed: the owner's list, export and order, marking it paid, sending it, refunding
// it, cancelling it, its note, the unpaid sweep and the next number.
export { cancelByOwner, cancelOrder, type CancelOptions } from './cancel-order';
export { orderNumberOf, setNextOrderNumber } from './first-order-number';
export { markOrderPaid, markPaidByOwner } from './mark-paid';
export { listOrders, orderCounts } from './orders-list';
export { ordersCsv } from './orders-csv';
export { orderDetail } from './order-detail';
export { fulfilOrder } from './fulfil-order';
export { refundOrder } from './refund-order';
export { setOrderNote } from './order-note';
export { cancelOverdueUnpaidOrders, startUnpaidOrderSweep } from './unpaid-sweep';
export { orderForToken, type OrderView, type OrderViewLine } from './order-view';
export { orderStatusForToken, type OrderParcel, type OrderStatusView } from './order-status';
export { accountOrders, customerById, customerOrders, customersCsv, customerTarget, listCustomers, type CustomerTarget } from './customer-orders';
export { salesByDaySql } from './sales-by-day';
