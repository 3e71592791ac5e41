/** The owner's calls on the store's pricing rules (src/contracts/pricing.ts): refusals, in an owner's words. */
export const pricingApi = {
  noCoupon: 'This store has no such coupon.',
  noShippingZone: 'This store has no such shipping zone.',
  noTaxRule: 'This store has no such tax rule.',
  couponNotSaved: 'The coupon was not saved: check the fields marked.',
  couponCodeTaken: 'Another coupon of this store has the code {code}. Codes are told apart without regard to case.',
  tooManyCoupons: 'A store has at most {max} coupons. Delete one you no longer use first.',
  zoneNotSaved: 'The shipping zone was not saved: check the fields marked.',
  placeInZone: '{place} is in the zone {zone} already. A place belongs to one zone: change that zone, or give this one regions.',
  restOfWorldTaken: 'The zone {zone} covers the rest of the world already.',
  tooManyZones: 'A store has at most {max} shipping zones.',
  tooManyTaxRules: 'A store has at most {max} tax rules.',
} as const;
