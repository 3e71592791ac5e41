/** The pricing module's face: what other modules and the platform may use. */
export { exportPricing, writePricing, DEFAULT_TAX_SETTINGS, type Pricing } from './pricing-document';
export { pricingCache, readPublishedPricing, type PricingCache } from './published';
export { couponUsage } from './coupon-usage';
export { listCoupons, saveCoupon, deleteCoupon } from './operations/coupons';
export { listShippingZones, saveShippingZone, deleteShippingZone } from './operations/shipping-zones';
export { readTaxSettings, updateTaxSettings, listTaxRules, saveTaxRule, deleteTaxRule } from './operations/taxes';
