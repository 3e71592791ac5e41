/** A new code block: a paragraph of HTML, the width of the grid. */
export const codeDefaults = { html: '<p>Your HTML here.</p>' };
export const codeSize = { w: 24, h: 6 };
