/** A new accordion: one question to write over, the width of the grid. */
export const accordionDefaults = { items: [{ title: 'Your first question', html: '<p>Its answer.</p>' }] };
export const accordionSize = { w: 24, h: 8 };
