/** A new product block: the product is chosen as it is placed; a card a quarter of the grid wide. */
export const productDefaults = { quickView: true };
export const productNeeds = ['productId'] as const;
export const productSize = { w: 8, h: 14 };
