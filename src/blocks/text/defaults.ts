/** A new text block: a paragraph to write over, the width of the grid. */
export const textDefaults = { html: '<p>Write your text here.</p>' };
export const textSize = { w: 24, h: 4 };
