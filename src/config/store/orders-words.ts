/** The orders screens' words: their own namespace, the Payments screen's order words, and the words other screens already say the same way. */
import { blog } from '../../messages/blog';
import { cart } from '../../messages/cart';
import { filesScreen } from '../../messages/files-screen';
import { memberPages } from '../../messages/member-pages';
import { orderEmails } from '../../messages/order-emails';
import { ordersScreens } from '../../messages/orders-screens';
import { paymentMethods } from '../../messages/payment-methods';
import { paymentsScreens } from '../../messages/payments-screens';
import { pricingScreens } from '../../messages/pricing-screens';
import { shop } from '../../messages/shop';
import { storeCsv } from '../../messages/store-csv';
import { storeScreens } from '../../messages/store-screens';

export const words = {
  ...paymentsScreens,
  ...ordersScreens,
  all: shop.allProducts,
  date: blog.columnDate,
  status: blog.status,
  cancel: blog.cancel,
  close: filesScreen.closeDetails,
  total: pricingScreens.previewTotal,
  subtotal: cart.subtotal,
  discount: pricingScreens.discount,
  tax: pricingScreens.previewTax,
  shipping: pricingScreens.shippingTitle,
  quantity: shop.quantity,
  sku: storeScreens.sku,
  product: storeScreens.product,
  search: storeScreens.search,
  email: memberPages.email,
  name: memberPages.name,
  shippingAddress: orderEmails.shipTo,
  exportCsv: storeCsv.exportTitle,
} as const;

/** A payment method as the owner reads it: a manual method's name, or Card. */
export function methodName(method: string): string {
  return (paymentMethods as Record<string, string>)[method] ?? method;
}
