/** A new video block: the owner gives its address or file in its settings; half the grid wide. */
export const videoDefaults = { mode: 'fit', aspect: 'video', loop: false };
export const videoSize = { w: 12, h: 14 };
