/**
 * A design's fonts as CSS: the families and weights it uses, the `@font-face` rules that load them
 * from the site's own origin (a face per weight and subset, latin-ext fetched only for text that
 * needs it), the fallback faces that keep the layout still while they load, the stacks that name
 * them, and the one file worth preloading. Pure: the server gives the files' addresses.
 */
import { fontFamily, fontFileName, FONT_SUBSETS, type FontFamily } from '../domain/fonts';

export type FontChoices = Readonly<Record<'heading' | 'body' | 'button', { readonly family: string; readonly weight: number }>>;

/** A family a design uses and the weights it uses it at, ascending. */
export type FontUse = { family: FontFamily; weights: number[] };

/**
 * The families and weights the design's heading, body and button use, by family id. Nothing more:
 * the body's `<strong>` is drawn from the nearest declared face (the browser's font matching), so the
 * default home page loads three files, not four. A family or weight no longer offered (the design
 * schema refuses both) is left out, and its text falls back to the stack's next font.
 */
export function fontsUsed(fonts: FontChoices): FontUse[] {
  const weights = new Map<string, Set<number>>();
  for (const { family: id, weight } of [fonts.heading, fonts.body, fonts.button]) {
    if (!fontFamily(id)?.weights.includes(weight)) continue;
    weights.set(id, (weights.get(id) ?? new Set()).add(weight));
  }
  return [...weights]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, set]) => ({ family: fontFamily(id)!, weights: [...set].sort((a, b) => a - b) }));
}

/** Seed 000 §7 (000-7.31): the fonts stylesheet's name says the families it loads, `inter-400-600,lora-500`. */
export function fontStylesheetName(used: readonly FontUse[]): string {
  return used.map((u) => [u.family.id, ...u.weights].join('-')).join(',');
}

/**
 * Linux desktops have none of the fallbacks' fonts but metric-compatible twins of each (the same
 * advance widths and vertical metrics), so the same adjustments fit them.
 */
const METRIC_TWINS: Readonly<Record<string, string>> = {
  Arial: 'Liberation Sans',
  'Times New Roman': 'Liberation Serif',
  'Courier New': 'Liberation Mono',
};

const fallbackName = (family: FontFamily) => `${family.name} Fallback`;

/**
 * The faces of the fonts used: for each family, weight and subset a woff2 file (`fileUrl` gives its
 * address) shown with `font-display: swap`, the subset's unicode-range telling the browser when it
 * is needed; then for each family its fallback face, a local font resized to take the same room.
 */
export function fontFaceCss(used: readonly FontUse[], fileUrl: (familyId: string, file: string) => string): string {
  let css = '';
  for (const { family, weights } of used) {
    for (const weight of weights) {
      for (const subset of FONT_SUBSETS) {
        const range = family.subsets[subset];
        if (range === undefined) continue;
        const url = fileUrl(family.id, fontFileName(family.id, subset, weight));
        css += `@font-face { font-family: "${family.name}"; font-style: normal; font-weight: ${weight}; font-display: swap; src: url("${url}") format("woff2"); unicode-range: ${range}; }\n`;
      }
    }
  }
  for (const { family } of used) {
    const { local, sizeAdjust, ascentOverride, descentOverride, lineGapOverride } = family.fallback;
    const twin = METRIC_TWINS[local];
    const src = [local, ...(twin ? [twin] : [])].map((name) => `local("${name}")`).join(', ');
    css += `@font-face { font-family: "${fallbackName(family)}"; src: ${src}; size-adjust: ${sizeAdjust}%; ascent-override: ${ascentOverride}%; descent-override: ${descentOverride}%; line-gap-override: ${lineGapOverride}%; }\n`;
  }
  return css;
}

/** The `font-family` value for text in `family`: the family, its fallback face, then the generic family. */
export function fontStack(family: FontFamily): string {
  return `"${family.name}", "${fallbackName(family)}", ${family.generic}`;
}

/** A file to preload (`<link rel=preload>`): a font's latin face at its weight, if the design uses it. */
export function preloadFile(used: readonly FontUse[], bodyFamilyId: string, bodyWeight: number): string | undefined {
  const body = used.find((u) => u.family.id === bodyFamilyId);
  return body?.weights.includes(bodyWeight) ? fontFileName(bodyFamilyId, 'latin', bodyWeight) : undefined;
}
