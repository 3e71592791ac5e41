/** The line block's editable properties: its style and thickness. */
import { choices, describeFields } from '../fields';
import { lineData } from './schema';

export const lineFields = describeFields(lineData.shape, {
  style: { type: 'select', label: 'Style', options: choices({ solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted' }) },
  thickness: { type: 'number', label: 'Thickness (pixels)' },
});
