/** A new gallery block: a grid, no images yet (the owner adds them from the library); the whole grid wide. */
export const galleryDefaults = { images: [], design: 'grid' };
export const gallerySize = { w: 24, h: 16 };
