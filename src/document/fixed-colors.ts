/**
 * The colours a site's design does not choose: what sits over photographs and video (scrims,
 * controls), maps' drawing, and the error colours of forms. Each is emitted as `--color-{name}`
 * by the design's generator (./theme.ts), so block stylesheets name tokens only, never a colour.
 * Named by purpose: a name says where its colour is used, so changing it changes that one thing.
 */
export const FIXED_COLORS: Readonly<Record<string, string>> = {
  /** Text, icons and focus rings over photographs, video and the lightbox's dark backdrop. */
  'on-media': '#ffffff',
  /** What a video's poster fades into at its foot, under the provider's name. */
  scrim: 'rgb(0 0 0 / 0.45)',
  /** Behind text and controls over a photograph: white text on it keeps 4.5:1 even over a white image. */
  'scrim-strong': 'rgb(0 0 0 / 0.6)',
  /** Behind a video or a slideshow before (and around) its picture, and the play triangle cut out of its disc. */
  'media-backdrop': '#111111',
  /** The lit corner of a video's poster when it has no picture. */
  'media-backdrop-glow': '#3a3f47',
  /** A gallery frame or thumbnail whose image has not arrived: a grey that reads on light and dark sections. */
  'media-empty': 'rgb(127 127 127 / 0.12)',
  /** A video's play disc. */
  'media-control': 'rgb(255 255 255 / 0.94)',

  /** The lightbox (its dark and light looks, a gallery setting): the backdrop, and its buttons' fill. */
  'lightbox-backdrop': '#000000',
  'lightbox-backdrop-light': '#ffffff',
  'on-lightbox-light': '#161616',
  'lightbox-control': 'rgb(0 0 0 / 0.35)',
  'lightbox-control-light': 'rgb(255 255 255 / 0.6)',

  /** A card or menu lifted off the page. */
  shadow: 'rgb(0 0 0 / 0.12)',
  /** A small thing floating over anything: the cookie banner, the site badge, a map marker, a play button. */
  'shadow-strong': 'rgb(0 0 0 / 0.3)',

  /** A form's errors: 6:1 or more on the white and light themes; the light red on dark and accent sections. */
  error: '#a3161d',
  'error-on-dark': '#ffc9c9',

  /** The map's street-grid backdrop (before and behind the tiles), its land tinted as each style tints the tiles. */
  'map-land': '#eceae6',
  'map-land-original': '#e8efe3',
  'map-land-satellite': '#c9d3c0',
  'map-land-dark': '#2a2d33',
  'map-land-blue': '#d6e2f0',
  'map-road': '#ffffff',
  'map-road-minor': 'rgb(255 255 255 / 0.7)',
  /** The marker pin (its dot is on-media) and the place name's label beside it. */
  'map-pin': '#d6453d',
  'map-label': '#1d1d1f',

  /** The 'Made with OpenPress' badge, black or white as the site's settings say. */
  'badge-black': '#000000',
  'badge-white': '#ffffff',
};
