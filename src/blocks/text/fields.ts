/** The text block's editable property: its rich text, edited in place by the rich-text editor. */
import { describeFields } from '../fields';
import { textData } from './schema';

export const textFields = describeFields(textData.shape, {
  text: {
    type: 'custom',
    editor: 'rich-text',
    label: 'Text',
    hint: 'Headings, paragraphs, lists, quotes, bold, italic, underline, links and alignment. Links follow the same rules as every other link.',
  },
});
