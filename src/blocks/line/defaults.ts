/** A new line: solid, one pixel, the width of the grid. */
export const lineDefaults = {};
export const lineSize = { w: 24, h: 1 };
