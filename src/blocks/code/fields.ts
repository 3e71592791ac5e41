/** The code block's editable properties: its HTML, and whether it shows as a listing of its source. */
import { describeFields } from '../fields';
import { codeData } from './schema';

export const codeFields = describeFields(codeData.in.shape, {
  html: {
    type: 'textarea',
    html: 'code',
    rows: 10,
    label: 'HTML',
    hint: 'Scripts, styles and event handlers are removed when saved, unless it shows as source.',
  },
  displaySource: { type: 'checkbox', label: 'Show the source as code instead of rendering it' },
});
