/** A new newsletter sign-up: the schema's texts, a list of its own (`ids`), half the grid wide. */
export const newsletterDefaults = {};
export const newsletterIds = ['listId'] as const;
export const newsletterSize = { w: 12, h: 8 };
