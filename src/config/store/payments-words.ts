/** The Payments and Orders screens' words: their own namespace, and the words other screens already say the same way. */
import { blog } from '../../messages/blog';
import { paymentsScreens } from '../../messages/payments-screens';
import { pricingScreens } from '../../messages/pricing-screens';

export const words = { ...paymentsScreens, date: blog.columnDate, cancel: blog.cancel, total: pricingScreens.previewTotal } as const;
