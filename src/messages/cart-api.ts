/** Why the cart calls (src/contracts/cart.ts) refuse a change, beside the seed's 'Unable to add item' and its kin. */
export const cartApi = {
  notForSale: 'This product is not for sale.',
  chooseOption: 'Choose an option first.',
  soldOut: 'This item is sold out.',
  cartFull: 'A cart holds at most {max} different items.',
  tooMany: 'At most {max} of one item fit in a cart.',
  noSuchLine: 'This item is no longer in your cart.',
  tooManyCoupons: 'A cart takes at most {max} discount codes.',
  unknownCountry: 'Choose a country from the list.',
  noSuchOption: 'Choose one of the shipping options offered.',
} as const;
