/** The sample order the commerce email preview shows the emails with. */
export const sampleOrder = {
  firstProduct: 'Stoneware mug',
  optionName: 'Finish',
  optionValue: 'Sea-green glaze',
  secondProduct: 'Linen tea towel',
  customer: 'Alex Morgan',
  email: 'alex.morgan@example.com',
  street: '12 Harbour Road',
  city: 'Falmouth',
  postcode: 'TR11 2AA',
  country: 'GB',
  shippingName: 'Standard delivery',
  carrier: 'Royal Mail',
  trackingNumber: 'AB123456789GB',
} as const;
