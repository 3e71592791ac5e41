/** A new image block: the owner picks its image as it is placed (`needs`); half the grid wide. */
export const imageDefaults = { alt: '', fit: 'fill' };
export const imageNeeds = ['src'] as const;
export const imageSize = { w: 12, h: 12 };
