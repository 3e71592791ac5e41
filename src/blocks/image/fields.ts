/** The image block's editable properties: the image, its alternative text and caption, its link and how it fills its area. */
import { choices, describeFields } from '../fields';
import { imageData } from './schema';

export const imageFields = describeFields(imageData.shape, {
  src: { type: 'text', label: 'Image', hint: 'A file of this site (/s/name) or an https address.' },
  alt: { type: 'text', label: 'Alternative text', hint: 'What the image shows, for people who cannot see it. Leave empty only for a decorative image.' },
  caption: { type: 'text', label: 'Caption' },
  link: { type: 'link', label: 'Link', hint: 'Where the image leads when clicked. Leave empty for none.' },
  fit: { type: 'select', label: 'Fit', options: choices({ fill: 'Fill the area (cropped)', fit: 'Fit inside the area' }) },
  focalPoint: {
    type: 'object',
    label: 'Focal point',
    fields: {
      x: { type: 'number', label: 'Focal point across (0 left, 1 right)' },
      y: { type: 'number', label: 'Focal point down (0 top, 1 bottom)' },
    },
  },
});
