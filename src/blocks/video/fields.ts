/** The video block's editable properties: the video, its poster and words, and how it sits in its area. */
import { choices, describeFields } from '../fields';
import { videoData } from './schema';

export const videoFields = describeFields(videoData.shape, {
  url: {
    type: 'text',
    inputType: 'url',
    label: 'Video address',
    hint: 'The address of a video on Vimeo, YouTube, Wistia or Animoto. Its title and poster are fetched when you save.',
  },
  file: {
    type: 'text',
    label: 'Video file',
    hint: 'Or a video file of this site (/s/name), played by the visitor’s browser. Leave the address empty to use it.',
  },
  poster: {
    type: 'text',
    label: 'Custom poster image',
    hint: 'A picture of this site (/s/name) shown before play in place of the video’s own poster. Embedded videos only.',
  },
  title: { type: 'text', label: 'Title', hint: 'Names the video for people using a screen reader; the video’s own title when empty.' },
  caption: { type: 'text', label: 'Caption' },
  mode: { type: 'select', label: 'Sizing', options: choices({ fit: 'Fit inside the area', fill: 'Fill the area (cropped)', none: 'Natural size' }) },
  aspect: {
    type: 'select',
    label: 'Shape',
    options: choices({
      video: 'The video’s own shape',
      auto: 'Auto (65% as high as wide)',
      '1': 'Square',
      '2': 'Wide (half as high)',
      '3': 'Panoramic (a third as high)',
      '4': 'Banner (a quarter as high)',
    }),
  },
  loop: { type: 'checkbox', label: 'Play again from the start when it ends (video files only)' },
});
