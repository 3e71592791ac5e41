/**
 * The font families a site may use: open-licence families shipped with the platform as
 * `@fontsource` packages (woff2, latin and latin-ext), served from the site's own origin. Each has
 * its seed 001 §3 category, the weights it ships, the unicode-range of each subset, and the local
 * font that stands in while it loads, sized so that the swap moves nothing (`fallback`: the local
 * family and the adjustments an `@font-face` rule gives it).
 *
 * Only the normal style is offered: italics are out of scope for now (a browser slants the normal
 * face for `<em>`), which keeps a page to one file per weight and subset.
 *
 * The list is data written by scripts/font-metrics.ts from the installed packages (weights, unicode
 * ranges) and @capsizecss/metrics (the fallback's adjustments), so no metrics package is needed at
 * run time. To add or change a family, edit the script's choices and run it.
 */
import type { FONT_CATEGORIES } from './design-tokens';

export type FontCategory = (typeof FONT_CATEGORIES)[number];

/** The subsets served: latin always, latin-ext where the family has it (downloaded only for text that needs it). */
export const FONT_SUBSETS = ['latin', 'latin-ext'] as const;
export type FontSubset = (typeof FONT_SUBSETS)[number];

export type FontFamily = {
  /** The `@fontsource/{id}` package and the name in addresses. */
  id: string;
  /** As the owner reads it and CSS names it. */
  name: string;
  category: FontCategory;
  /** Weights shipped, in normal style. */
  weights: readonly number[];
  /** The generic family that ends the stack. */
  generic: 'sans-serif' | 'serif' | 'monospace' | 'cursive';
  /** Each subset the family ships, with the unicode-range its package's stylesheet gives it. */
  subsets: { readonly latin: string; readonly 'latin-ext'?: string };
  /** The local font shown until the family loads, with the metrics that make it take the same room. */
  fallback: { local: string; sizeAdjust: number; ascentOverride: number; descentOverride: number; lineGapOverride: number };
};

// <generated> by scripts/font-metrics.ts: edit its choices and run it, not these lines.
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';
const SOURCE_SERIF_4_LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C4,U+2113,U+2C60-2C7F,U+A720-A7FF';

export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    id: 'inter',
    name: 'Inter',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 107.12, ascentOverride: 90.44, descentOverride: 22.52, lineGapOverride: 0 },
  },
  {
    id: 'work-sans',
    name: 'Work Sans',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 111.93, ascentOverride: 83.09, descentOverride: 21.71, lineGapOverride: 0 },
  },
  {
    id: 'dm-sans',
    name: 'DM Sans',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 104.53, ascentOverride: 94.9, descentOverride: 29.66, lineGapOverride: 0 },
  },
  {
    id: 'source-sans-3',
    name: 'Source Sans 3',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 93.76, ascentOverride: 109.21, descentOverride: 42.66, lineGapOverride: 0 },
  },
  {
    id: 'figtree',
    name: 'Figtree',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 100.72, ascentOverride: 94.32, descentOverride: 24.82, lineGapOverride: 0 },
  },
  {
    id: 'karla',
    name: 'Karla',
    category: 'Sans Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 102.4, ascentOverride: 89.55, descentOverride: 24.61, lineGapOverride: 0 },
  },
  {
    id: 'lora',
    name: 'Lora',
    category: 'Serif',
    weights: [400, 500, 600, 700],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 115.2, ascentOverride: 87.33, descentOverride: 23.78, lineGapOverride: 0 },
  },
  {
    id: 'playfair-display',
    name: 'Playfair Display',
    category: 'Serif',
    weights: [400, 500, 600, 700, 800],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 111.26, ascentOverride: 97.25, descentOverride: 22.56, lineGapOverride: 0 },
  },
  {
    id: 'libre-baskerville',
    name: 'Libre Baskerville',
    category: 'Serif',
    weights: [400, 500, 600, 700],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 127.26, ascentOverride: 76.22, descentOverride: 21.22, lineGapOverride: 0 },
  },
  {
    id: 'eb-garamond',
    name: 'EB Garamond',
    category: 'Serif',
    weights: [400, 500, 600, 700, 800],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 94.77, ascentOverride: 106.26, descentOverride: 31.44, lineGapOverride: 0 },
  },
  {
    id: 'source-serif-4',
    name: 'Source Serif 4',
    category: 'Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': SOURCE_SERIF_4_LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 117.91, ascentOverride: 87.87, descentOverride: 28.41, lineGapOverride: 0 },
  },
  {
    id: 'fraunces',
    name: 'Fraunces',
    category: 'Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 115.45, ascentOverride: 84.71, descentOverride: 22.09, lineGapOverride: 0 },
  },
  {
    id: 'bebas-neue',
    name: 'Bebas Neue',
    category: 'Display',
    weights: [400],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 76.72, ascentOverride: 117.32, descentOverride: 39.11, lineGapOverride: 0 },
  },
  {
    id: 'abril-fatface',
    name: 'Abril Fatface',
    category: 'Display',
    weights: [400],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 113.48, ascentOverride: 93.23, descentOverride: 25.64, lineGapOverride: 0 },
  },
  {
    id: 'syne',
    name: 'Syne',
    category: 'Display',
    weights: [400, 500, 600, 700, 800],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 98.47, ascentOverride: 93.93, descentOverride: 27.93, lineGapOverride: 0 },
  },
  {
    id: 'dancing-script',
    name: 'Dancing Script',
    category: 'Script',
    weights: [400, 500, 600, 700],
    generic: 'cursive',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 81.43, ascentOverride: 112.99, descentOverride: 34.39, lineGapOverride: 0 },
  },
  {
    id: 'caveat',
    name: 'Caveat',
    category: 'Script',
    weights: [400, 500, 600, 700],
    generic: 'cursive',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 76.94, ascentOverride: 124.77, descentOverride: 38.99, lineGapOverride: 0 },
  },
  {
    id: 'great-vibes',
    name: 'Great Vibes',
    category: 'Script',
    weights: [400],
    generic: 'cursive',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 68.19, ascentOverride: 124.79, descentOverride: 58.8, lineGapOverride: 0 },
  },
  {
    id: 'roboto-slab',
    name: 'Roboto Slab',
    category: 'Slab Serif',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 116.83, ascentOverride: 89.69, descentOverride: 23.2, lineGapOverride: 0 },
  },
  {
    id: 'zilla-slab',
    name: 'Zilla Slab',
    category: 'Slab Serif',
    weights: [300, 400, 500, 600, 700],
    generic: 'serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Times New Roman', sizeAdjust: 106.83, ascentOverride: 88.36, descentOverride: 23.96, lineGapOverride: 0 },
  },
  {
    id: 'arvo',
    name: 'Arvo',
    category: 'Slab Serif',
    weights: [400, 700],
    generic: 'serif',
    subsets: { latin: LATIN },
    fallback: { local: 'Times New Roman', sizeAdjust: 120.19, ascentOverride: 79.95, descentOverride: 20.56, lineGapOverride: 2.23 },
  },
  {
    id: 'jetbrains-mono',
    name: 'JetBrains Mono',
    category: 'Mono',
    weights: [300, 400, 500, 600, 700, 800],
    generic: 'monospace',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Courier New', sizeAdjust: 99.98, ascentOverride: 102.02, descentOverride: 30, lineGapOverride: 0 },
  },
  {
    id: 'ibm-plex-mono',
    name: 'IBM Plex Mono',
    category: 'Mono',
    weights: [300, 400, 500, 600, 700],
    generic: 'monospace',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Courier New', sizeAdjust: 99.98, ascentOverride: 102.52, descentOverride: 27.5, lineGapOverride: 0 },
  },
  {
    id: 'space-mono',
    name: 'Space Mono',
    category: 'Mono',
    weights: [400, 700],
    generic: 'monospace',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Courier New', sizeAdjust: 101.98, ascentOverride: 109.82, descentOverride: 35.4, lineGapOverride: 0 },
  },
  {
    id: 'comfortaa',
    name: 'Comfortaa',
    category: 'Other',
    weights: [300, 400, 500, 600, 700],
    generic: 'sans-serif',
    subsets: { latin: LATIN, 'latin-ext': LATIN_EXT },
    fallback: { local: 'Arial', sizeAdjust: 117.54, ascentOverride: 74.95, descentOverride: 19.91, lineGapOverride: 0 },
  },
];
// </generated>

export const FONT_FAMILY_IDS: readonly string[] = FONT_FAMILIES.map((f) => f.id);

export function fontFamily(id: string): FontFamily | undefined {
  return FONT_FAMILIES.find((f) => f.id === id);
}

/** The name of a face's file in the package's `files/` folder (normal style). */
export function fontFileName(familyId: string, subset: FontSubset, weight: number): string {
  return `${familyId}-${subset}-${weight}-normal.woff2`;
}
