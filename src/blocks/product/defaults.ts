/** A new product block: no product yet (the owner chooses one in its settings); a card a third of the grid wide. */
export const productDefaults = { productId: '', quickView: true };
export const productSize = { w: 8, h: 14 };
