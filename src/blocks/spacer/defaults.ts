/** A new spacer: the width of the grid, two rows high. */
export const spacerDefaults = {};
export const spacerSize = { w: 24, h: 2 };
