/** The text block's editable property: its rich text, as HTML until the editor's text tools arrive. */
import { describeFields } from '../fields';
import { textData } from './schema';

export const textFields = describeFields(textData.shape, {
  html: { type: 'textarea', html: 'text', rows: 8, label: 'Text (HTML)', hint: 'Headings, paragraphs, lists, emphasis and links. Scripts and styles are removed when saved.' },
});
