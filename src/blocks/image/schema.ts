/**
 * Image block data: the image, its alternative text, and how it fills its grid area; its layout,
 * stored as its block variant code (seed 001 §3: image inline 1011, poster 1012, card 1013,
 * overlap 1014, collage 1015, stack 1016), and the text the layouts other than inline show beside,
 * over or under the image: a title, a body of owner HTML (sanitised when written, as the accordion's
 * is) and a button whose link follows seed 000 §5's rules. A block stored before the layouts were
 * built has no code and reads as inline, the way it always rendered.
 */
import { z } from 'zod';
import { siteLink } from '../../document/link';
import { BLOCK_VARIANTS } from '../../domain/block-variants';
import { POSITIONS, type Position } from '../../domain/design-tokens';
import { plainHtml, type HtmlRules, type SanitizedHtml } from '../html';

/** The six layouts by name, each with its block variant code. */
export const IMAGE_LAYOUTS = {
  inline: BLOCK_VARIANTS.IMAGE_INLINE,
  poster: BLOCK_VARIANTS.IMAGE_POSTER,
  card: BLOCK_VARIANTS.IMAGE_CARD,
  overlap: BLOCK_VARIANTS.IMAGE_OVERLAP,
  collage: BLOCK_VARIANTS.IMAGE_COLLAGE,
  stack: BLOCK_VARIANTS.IMAGE_STACK,
} as const;
export type ImageLayout = keyof typeof IMAGE_LAYOUTS;
export type ImageVariantCode = (typeof IMAGE_LAYOUTS)[ImageLayout];

const CODES = Object.values(IMAGE_LAYOUTS) as [ImageVariantCode, ...ImageVariantCode[]];
const NAMES = new Map<number, ImageLayout>(Object.entries(IMAGE_LAYOUTS).map(([name, code]) => [code, name as ImageLayout]));

/** The layout a stored code names; inline for a block without one (stored before the layouts). */
export function imageLayout(code: number | undefined): ImageLayout {
  return (code !== undefined && NAMES.get(code)) || 'inline';
}

/** Which side of the text the image sits on, in the card, overlap and collage layouts. */
export const IMAGE_SIDES = ['left', 'right'] as const;
/** The colour of the collage's panel, from the theme's own colours. */
export const IMAGE_PANELS = ['accent', 'light', 'dark'] as const;
export const IMAGE_HEADING_LEVELS = ['h2', 'h3', 'h4'] as const;

export const imageSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      /** A site file (/s/name) or an absolute https URL. */
      src: z
        .string()
        .min(1)
        .max(1000)
        .regex(/^(\/s\/[A-Za-z0-9][A-Za-z0-9._-]*|https:\/\/\S+)$/, 'must be a site file (/s/name) or an https URL'),
      /** Empty only for a decorative image. */
      alt: z.string().max(500),
      caption: z.string().max(1000).optional(),
      link: siteLink(1000).optional(),
      fit: z.enum(['fill', 'fit']).default('fill'),
      focalPoint: z
        .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
        .strict()
        .default({ x: 0.5, y: 0.5 }),
      /** The layout's block variant code. */
      variant: z.literal(CODES, { error: `must be an image layout code, ${CODES[0]} to ${CODES[CODES.length - 1]}` }).default(IMAGE_LAYOUTS.inline),
      title: z.string().max(300).optional(),
      headingLevel: z.enum(IMAGE_HEADING_LEVELS).default('h2'),
      bodyHtml: html.field(5000, 'text').optional(),
      buttonText: z.string().max(100).optional(),
      buttonLink: siteLink(1000).optional(),
      /** Where the text sits (seed 001 §3's nine positions): over the poster; its vertical part beside the image, its horizontal part the text's alignment. */
      contentPosition: z.enum(POSITIONS as [Position, ...Position[]]).default('CENTER_LEFT'),
      imageSide: z.enum(IMAGE_SIDES).default('left'),
      panel: z.enum(IMAGE_PANELS).default('accent'),
    })
    .strict();

export const imageData = imageSchema(plainHtml);
export type ImageData = z.output<typeof imageData>;
export type StoredImageData = z.output<ReturnType<typeof imageSchema<SanitizedHtml>>>;
