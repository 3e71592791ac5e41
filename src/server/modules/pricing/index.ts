/** The pricing module's face: what other modules and the platform may use. */
export { exportPricing, writePricing, DEFAULT_TAX_SETTINGS, type Pricing } from './pricing-document';
export { pricingCache, readPublishedPricing, type PricingCache } from './published';
export { couponUsage } from './coupon-usage';
