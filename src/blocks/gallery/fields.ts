/**
 * The gallery block's editable properties, in three groups: its images (each with alternative text,
 * a caption and an optional click-through link; added from the library by the editor's button), the
 * layout and its options, and how the moving layouts behave. Options a layout does not read are
 * said so in their hints rather than hidden, so the panel does not jump as the design changes.
 */
import { choices, describeFields, type FieldGroup } from '../fields';
import { galleryData } from './schema';

export const GALLERY_GROUPS: readonly FieldGroup[] = [
  {
    key: 'images',
    label: 'Images and videos',
    intro: 'Add images from the library and videos by their address with the buttons above; each image needs alternative text.',
  },
  { key: 'layout', label: 'Layout' },
  { key: 'motion', label: 'Slideshow, slider and carousel' },
];

export const galleryFields = describeFields(galleryData.shape, {
  images: {
    type: 'list',
    label: 'In the order they appear',
    group: 'images',
    itemLabel: 'Image',
    newItem: { src: '', alt: '' },
    fields: {
      src: {
        type: 'text',
        label: 'Image',
        hint: 'A file of this site (/s/name) or an https address. For a video, its poster: leave empty to use the one copied from the provider.',
      },
      video: {
        type: 'text',
        inputType: 'url',
        label: 'Video address',
        hint: 'Makes this slide a video: a Vimeo, YouTube, Wistia or Animoto address. Its title and poster are fetched when you save.',
        optional: true,
      },
      videoFile: {
        type: 'text',
        label: 'Video file',
        hint: 'Makes this slide a video file of this site (/s/name), played in the visitor’s browser.',
        optional: true,
      },
      alt: { type: 'text', label: 'Alternative text', hint: 'What the image shows, for people who cannot see it. Leave empty only for a decorative image.' },
      title: { type: 'text', label: 'Title', optional: true },
      description: { type: 'textarea', label: 'Description', rows: 2, optional: true },
      link: { type: 'link', label: 'Click-through link', hint: 'Where the image leads when clicked. Leave empty for none.', optional: true },
      slug: { type: 'text', label: 'Name in the address', hint: 'Used in links to this image (#itemId=…). Letters, digits, - and _.', optional: true },
    },
  },
  design: {
    type: 'select',
    label: 'Design',
    group: 'layout',
    options: choices({
      grid: 'Grid',
      autogrid: 'Grid by column width',
      autocolumns: 'Columns (masonry)',
      autorows: 'Rows',
      carousel: 'Carousel',
      list: 'List',
      slideshow: 'Slideshow',
      slider: 'Slider',
      stacked: 'Stacked',
    }),
  },
  imageAspectRatio: {
    type: 'select',
    label: 'Image shape',
    group: 'layout',
    hint: 'Grid, carousel, list and slideshow. Leave on the layout’s own to use its default.',
    options: choices({
      auto: 'Each image’s own',
      '1:1': 'Square (1:1)',
      '4:3': 'Landscape (4:3)',
      '3:2': 'Landscape (3:2)',
      '16:9': 'Wide (16:9)',
      '3:4': 'Portrait (3:4)',
      '2:3': 'Portrait (2:3)',
    }),
  },
  slidesPerRow: { type: 'number', label: 'Images per row', group: 'layout', hint: 'Grid (default 4) and carousel (default 3).' },
  columnWidth: { type: 'number', label: 'Column width (px)', group: 'layout', hint: 'Grid by column width and columns (default 250).' },
  gutter: { type: 'number', label: 'Space between images (px)', group: 'layout' },
  padding: { type: 'number', label: 'Padding (px)', group: 'layout' },
  listImageSize: { type: 'number', label: 'Image width in a list (%)', group: 'layout' },
  'auto-crop': { type: 'checkbox', label: 'Crop images to fill their frames', group: 'layout' },
  'meta-position': {
    type: 'select',
    label: 'Caption position',
    group: 'layout',
    options: choices({
      top: 'Top',
      bottom: 'Bottom',
      'top-left': 'Top left',
      'bottom-left': 'Bottom left',
      'top-right': 'Top right',
      'bottom-right': 'Bottom right',
      center: 'Centre',
    }),
  },
  vSize: { type: 'number', label: 'Height (% of width)', group: 'layout', hint: 'Slideshow (default 67) and slider (default 50).' },
  lightbox: {
    type: 'checkbox',
    label: 'Open images in a lightbox',
    group: 'layout',
    hint: 'A click on an image shows it full screen; images with a click-through link go to their link instead.',
  },
  lightboxTheme: { type: 'select', label: 'Lightbox theme', group: 'layout', options: choices({ dark: 'Dark', light: 'Light' }) },
  transition: {
    type: 'select',
    label: 'Slideshow transition',
    group: 'motion',
    options: choices({ fade: 'Fade', 'ken-burns': 'Ken Burns (slow zoom)', 'new-swipe': 'Swipe (follows the finger)', scroll: 'Scroll', swipe: 'Slide' }),
  },
  click: {
    type: 'select',
    label: 'Clicking a slideshow image',
    group: 'motion',
    options: choices({ next: 'Goes to the next', previous: 'Goes to the previous', half: 'Goes by the half clicked' }),
  },
  currentClick: {
    type: 'select',
    label: 'Clicking the slider’s current image',
    group: 'motion',
    options: choices({ none: 'Does nothing', next: 'Goes to the next', previous: 'Goes to the previous' }),
  },
  'active-alignment': {
    type: 'select',
    label: 'Slider: current image at',
    group: 'motion',
    options: choices({ start: 'The start', middle: 'The middle', end: 'The end' }),
  },
  loop: { type: 'checkbox', label: 'Go round from the last image to the first', group: 'motion' },
  autoplay: {
    type: 'checkbox',
    label: 'Move on by itself',
    group: 'motion',
    hint: 'Pauses while the pointer is over it; off for visitors who ask for reduced motion.',
  },
  'autoplay-duration': { type: 'number', label: 'Seconds per image', group: 'motion' },
  thumbnails: { type: 'checkbox', label: 'Show thumbnails under the slideshow', group: 'motion', hint: 'A strip of small images; clicking one shows it.' },
  'thumbnails-per-row': { type: 'number', label: 'Thumbnails across', group: 'motion' },
  'thumbnail-strip-height': { type: 'number', label: 'Thumbnail height (px)', group: 'motion' },
  'thumbnail-strip-margin': { type: 'number', label: 'Space above the thumbnails (px)', group: 'motion' },
  'square-thumbs': { type: 'checkbox', label: 'Square thumbnails', group: 'motion', hint: 'As tall as they are wide, in place of the height above.' },
  historyHash: { type: 'checkbox', label: 'Show the current image in the address', group: 'motion', hint: 'So a copied link opens on the same image.' },
  historySync: {
    type: 'checkbox',
    label: 'Give each image in the lightbox its own address',
    group: 'layout',
    hint: 'While the lightbox is open the address becomes the page’s address followed by the image’s name, so a copied link opens it.',
  },
});
