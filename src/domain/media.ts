/**
 * Video and image rules of seed 000 §9 and seed 001 §3–§5, §9: video providers, modes and embed
 * types, aspect ratios, the image widths requested and the image loader's settings. The video,
 * image and gallery blocks and the image service share these.
 */

/** Seed 001 §3. */
export const VIDEO_PROVIDERS = ['Vimeo', 'YouTube', 'Wistia', 'Animoto'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** Seed 001 §4: play and pause are posted only to these providers' frames. */
export const MESSAGE_CONTROLLED_PROVIDERS: readonly VideoProvider[] = ['Vimeo', 'YouTube'];

/** Seed 001 §3: attributes of a video embed element. */
export const VIDEO_EMBED_ATTRIBUTES = { HTML: 'data-html', PROVIDER_NAME: 'data-provider-name' } as const;

/** Seed 001 §4, §5: a video's mode, or null for none chosen. */
export const VIDEO_MODES = ['none', 'fit', 'fill'] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

export const VIDEO_EMBED_TYPES = ['iframe', 'object', 'invalid'] as const;

/** Seed 001 §5: the image loader's mode, or null for none chosen. */
export const IMAGE_LOADER_MODES = ['fit', 'fill', 'none'] as const;

export const VIDEO = {
  /** padding-bottom percent of an embed without dimensions. */
  FALLBACK_ASPECT_PERCENT: 56.3,
  POSTER_FADE_MS: 1000,
  /** Aspect percent of a video block set to Auto. */
  AUTO_ASPECT_PERCENT: 65,
} as const;

/** Seed 000 §9: a video's aspect is 65 when Auto, else 100 divided by its columns. */
export function videoAspectPercent(columns: number | 'auto'): number {
  return columns === 'auto' ? VIDEO.AUTO_ASPECT_PERCENT : 100 / columns;
}

/** Seed 001 §9: the only widths images are requested at, largest first. */
export const IMAGE_WIDTHS = [2500, 1500, 1000, 750, 500, 300, 100] as const;

/** The smallest listed width that covers `pixels`, or the largest when none does. */
export function imageWidthFor(pixels: number): number {
  let chosen: number = IMAGE_WIDTHS[0];
  for (const width of IMAGE_WIDTHS) if (width >= pixels) chosen = width;
  return chosen;
}

/** Seed 001 §5, §9: the image loader. */
export const IMAGE_LOADER = {
  LAZY_MARGIN_PX: 200,
  CONCURRENCY: 16,
  MOBILE_CONCURRENCY: 1,
  HOST_WAIT_TRIES: 100,
  HOST_WAIT_INTERVAL_MS: 10,
  SIZE_ADJUSTMENT_DEFAULT: 1,
  SIZE_ADJUSTMENT_MIN: 0,
} as const;

export const IMAGE_SIZE_FORMATS = ['filename', 'queryString'] as const;
export const DEFAULT_IMAGE_SIZE_FORMAT = 'queryString';
