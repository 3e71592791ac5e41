/**
 * The image block's editable properties, in three groups: the image (its file, alternative text,
 * caption, link, fit and focal point), the layout (one of the six, named as owners know them, and
 * where its text sits), and the text the layouts other than inline show. Properties a layout does
 * not read say so in their hints rather than hide, so the panel does not jump as the layout changes.
 */
import { POSITIONS, type Position } from '../../domain/design-tokens';
import { choices, describeFields, type FieldGroup } from '../fields';
import { IMAGE_LAYOUTS, imageData, type ImageLayout } from './schema';

export const IMAGE_GROUPS: readonly FieldGroup[] = [
  { key: 'image', label: 'Image' },
  { key: 'layout', label: 'Layout' },
  { key: 'text', label: 'Text', intro: 'Shown by every layout but Inline, whose text is the caption.' },
];

/** Each layout's name in the picker, with what it looks like. */
export const IMAGE_LAYOUT_LABELS: Readonly<Record<ImageLayout, string>> = {
  inline: 'Inline: the image, its caption under it',
  poster: 'Poster: the text over the image',
  card: 'Card: the text beside the image',
  overlap: 'Overlap: a text card overlapping the image',
  collage: 'Collage: the image over a coloured panel with the text',
  stack: 'Stack: the image above the text',
};

/** The nine positions (seed 001 §3) as the picker says them. */
const POSITION_LABELS: Readonly<Record<Position, string>> = {
  TOP_LEFT: 'Top left',
  TOP_CENTER: 'Top centre',
  TOP_RIGHT: 'Top right',
  CENTER_LEFT: 'Middle left',
  CENTER_CENTER: 'Centre',
  CENTER_RIGHT: 'Middle right',
  BOTTOM_LEFT: 'Bottom left',
  BOTTOM_CENTER: 'Bottom centre',
  BOTTOM_RIGHT: 'Bottom right',
};

export const imageFields = describeFields(imageData.shape, {
  src: { type: 'text', label: 'Image', group: 'image', hint: 'A file of this site (/s/name) or an https address.' },
  alt: {
    type: 'text',
    label: 'Alternative text',
    group: 'image',
    hint: 'What the image shows, for people who cannot see it. Leave empty only for a decorative image.',
  },
  caption: { type: 'text', label: 'Caption', group: 'image', hint: 'Shown under the image in the Inline layout.' },
  link: { type: 'link', label: 'Link', group: 'image', hint: 'Where the image leads when clicked. Leave empty for none.' },
  fit: { type: 'select', label: 'Fit', group: 'image', options: choices({ fill: 'Fill the area (cropped)', fit: 'Fit inside the area' }) },
  // Set on the picture itself, as in the Files screen (./editor.tsx).
  focalPoint: { type: 'custom', editor: 'focal-point', label: 'Focal point', group: 'image' },
  variant: {
    type: 'select',
    label: 'Layout',
    group: 'layout',
    options: (Object.keys(IMAGE_LAYOUTS) as ImageLayout[]).map((name) => ({ value: String(IMAGE_LAYOUTS[name]), label: IMAGE_LAYOUT_LABELS[name] })),
  },
  contentPosition: {
    type: 'select',
    label: 'Text position',
    group: 'layout',
    hint: 'Where the text sits over a poster. Beside or under the image, its height and its alignment.',
    options: POSITIONS.map((p) => ({ value: p, label: POSITION_LABELS[p] })),
  },
  imageSide: {
    type: 'select',
    label: 'Image side',
    group: 'layout',
    hint: 'For the Card, Overlap and Collage layouts.',
    options: choices({ left: 'Left of the text', right: 'Right of the text' }),
  },
  panel: {
    type: 'select',
    label: 'Panel colour',
    group: 'layout',
    hint: 'For the Collage layout.',
    options: choices({ accent: 'Accent', light: 'Light', dark: 'Dark' }),
  },
  title: { type: 'text', label: 'Title', group: 'text' },
  headingLevel: { type: 'select', label: 'Heading level of the title', group: 'text', options: choices({ h2: 'Heading 2', h3: 'Heading 3', h4: 'Heading 4' }) },
  bodyHtml: { type: 'textarea', html: 'text', rows: 4, label: 'Text', group: 'text' },
  buttonText: { type: 'text', label: 'Button text', group: 'text', hint: 'The button shows when it has both a text and a link.' },
  buttonLink: { type: 'link', label: 'Button link', group: 'text', hint: 'Where the button leads.' },
});
