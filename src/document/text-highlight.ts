/**
 * The text highlight mark of the site document's rich text (./rich-text.ts): the settings of seed
 * 001 §3 as Tiptap stores them in a mark's attributes, each checked strictly against the domain's
 * lists and bounds (src/domain/text-highlight.ts), every one left out taking its default. What a
 * mark holds is written into SVG attributes and class names by the text block's view, so nothing
 * outside these lists can reach a page.
 */
import { z } from 'zod';
import {
  HIGHLIGHT_ANIMATIONS,
  HIGHLIGHT_BLENDS,
  HIGHLIGHT_DEFAULTS,
  HIGHLIGHT_DIRECTIONS,
  HIGHLIGHT_DURATION_LIMITS_S,
  HIGHLIGHT_LINECAPS,
  HIGHLIGHT_OPACITY_LIMITS,
  HIGHLIGHT_SHAPES,
  HIGHLIGHT_THEME_COLORS,
  isHighlightColor,
  isHighlightThickness,
} from '../domain/text-highlight';

const listed = <T extends string>(what: string, values: readonly [T, ...T[]]) =>
  z.enum(values, { error: `a highlight's ${what} is one of ${values.join(', ')}` });

export const highlightSettings = z
  .object({
    shape: listed('shape', HIGHLIGHT_SHAPES).default(HIGHLIGHT_DEFAULTS.shape),
    color: z
      .string()
      .max(20)
      .refine(
        isHighlightColor,
        `a highlight's colour is currentColor, a theme colour (${HIGHLIGHT_THEME_COLORS.join(', ')}) or a colour written #rgb or #rrggbb`,
      )
      .default(HIGHLIGHT_DEFAULTS.color),
    thickness: z
      .string()
      .max(10)
      .refine(isHighlightThickness, "a highlight's thickness is a number of em (0.01em to 1em) or px (0.5px to 32px), such as 0.06em")
      .default(HIGHLIGHT_DEFAULTS.thickness),
    linecap: listed('line cap', HIGHLIGHT_LINECAPS).default(HIGHLIGHT_DEFAULTS.linecap),
    blend: listed('blend', HIGHLIGHT_BLENDS).default(HIGHLIGHT_DEFAULTS.blend),
    opacity: z
      .number()
      .min(HIGHLIGHT_OPACITY_LIMITS.min, `a highlight's opacity is ${HIGHLIGHT_OPACITY_LIMITS.min} to ${HIGHLIGHT_OPACITY_LIMITS.max}`)
      .max(HIGHLIGHT_OPACITY_LIMITS.max, `a highlight's opacity is ${HIGHLIGHT_OPACITY_LIMITS.min} to ${HIGHLIGHT_OPACITY_LIMITS.max}`)
      .default(HIGHLIGHT_DEFAULTS.opacity),
    animation: listed('animation', HIGHLIGHT_ANIMATIONS).default(HIGHLIGHT_DEFAULTS.animation),
    direction: listed('direction', HIGHLIGHT_DIRECTIONS).default(HIGHLIGHT_DEFAULTS.direction),
    duration: z
      .number()
      .min(HIGHLIGHT_DURATION_LIMITS_S.min, `a highlight's duration is ${HIGHLIGHT_DURATION_LIMITS_S.min} to ${HIGHLIGHT_DURATION_LIMITS_S.max} seconds`)
      .max(HIGHLIGHT_DURATION_LIMITS_S.max, `a highlight's duration is ${HIGHLIGHT_DURATION_LIMITS_S.min} to ${HIGHLIGHT_DURATION_LIMITS_S.max} seconds`)
      .default(HIGHLIGHT_DEFAULTS.duration),
    isAnimationEnabled: z.boolean().default(HIGHLIGHT_DEFAULTS.isAnimationEnabled),
  })
  .strict();

/** The rich text's highlight mark: its settings in `attrs`, all of them present once read. */
export const highlightMark = z
  .object({
    type: z.literal('highlight'),
    attrs: highlightSettings.prefault({}),
  })
  .strict();
