/** The accordion block's editable properties: its items, and how they open. */
import { choices, describeFields } from '../fields';
import { accordionData } from './schema';

const item = accordionData.shape.items.element.shape;

export const accordionFields = describeFields(accordionData.shape, {
  items: {
    type: 'list',
    label: 'Items',
    itemLabel: 'Item',
    newItem: { title: 'New question', html: '<p>The answer.</p>' },
    fields: describeFields(item, {
      title: { type: 'text', label: 'Title' },
      html: { type: 'textarea', html: 'text', rows: 4, label: 'Text shown when open' },
    }),
  },
  allowMultipleOpen: { type: 'checkbox', label: 'Let several items be open at once' },
  firstItemExpanded: { type: 'checkbox', label: 'Open the first item when the page loads' },
  headingLevel: { type: 'select', label: 'Heading level of the titles', options: choices({ h2: 'Heading 2', h3: 'Heading 3', h4: 'Heading 4' }) },
});
