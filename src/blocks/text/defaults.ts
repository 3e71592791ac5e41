/** A new text block: a paragraph to write over, the width of the grid. */
import type { TextData } from './schema';

export const textDefaults: TextData = {
  text: { type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'Write your text here.' }] }] },
};
export const textSize = { w: 24, h: 4 };
