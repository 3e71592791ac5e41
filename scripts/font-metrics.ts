/**
 * Writes the font list of src/domain/fonts.ts (`npx tsx scripts/font-metrics.ts`) from the choices
 * below, the installed `@fontsource` packages and @capsizecss/metrics:
 * - each family's name, and the weights whose normal-style latin (and latin-ext, where the family
 *   has it) woff2 files the package ships, within WEIGHT_RANGE;
 * - each subset's unicode-range, as the package's own stylesheet declares it;
 * - the local fallback's adjustments, computed as capsize's `createFontStack` does: scaled so the
 *   average width of latin text matches (size-adjust), then the family's ascent, descent and line
 *   gap over the scaled em, so the swap moves no line and no word.
 * The fonts' metrics are those of their regular face, as @capsizecss/metrics gives them.
 * src/server/http/fonts.test.ts checks the committed list is what this computes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fontFamilyToCamelCase } from '@capsizecss/metrics';
import type { FontCategory, FontFamily, FontSubset } from '../src/domain/fonts';
import { FONT_SUBSETS, fontFileName } from '../src/domain/fonts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FONTS_MODULE = path.join(ROOT, 'src/domain/fonts.ts');

type Choice = { id: string; category: FontCategory; generic: FontFamily['generic'] };

/** The families offered, about two dozen open-licence ones across seed 001 §3's seven categories. */
const CHOICES: readonly Choice[] = [
  { id: 'inter', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'work-sans', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'dm-sans', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'source-sans-3', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'figtree', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'karla', category: 'Sans Serif', generic: 'sans-serif' },
  { id: 'lora', category: 'Serif', generic: 'serif' },
  { id: 'playfair-display', category: 'Serif', generic: 'serif' },
  { id: 'libre-baskerville', category: 'Serif', generic: 'serif' },
  { id: 'eb-garamond', category: 'Serif', generic: 'serif' },
  { id: 'source-serif-4', category: 'Serif', generic: 'serif' },
  { id: 'fraunces', category: 'Serif', generic: 'serif' },
  { id: 'bebas-neue', category: 'Display', generic: 'sans-serif' },
  { id: 'abril-fatface', category: 'Display', generic: 'serif' },
  { id: 'syne', category: 'Display', generic: 'sans-serif' },
  { id: 'dancing-script', category: 'Script', generic: 'cursive' },
  { id: 'caveat', category: 'Script', generic: 'cursive' },
  { id: 'great-vibes', category: 'Script', generic: 'cursive' },
  { id: 'roboto-slab', category: 'Slab Serif', generic: 'serif' },
  { id: 'zilla-slab', category: 'Slab Serif', generic: 'serif' },
  { id: 'arvo', category: 'Slab Serif', generic: 'serif' },
  { id: 'jetbrains-mono', category: 'Mono', generic: 'monospace' },
  { id: 'ibm-plex-mono', category: 'Mono', generic: 'monospace' },
  { id: 'space-mono', category: 'Mono', generic: 'monospace' },
  { id: 'comfortaa', category: 'Other', generic: 'sans-serif' },
];

/** The weights worth offering: hairlines and blacks are left out, so the picker lists what reads well. */
const WEIGHT_RANGE = { min: 300, max: 800 } as const;

/**
 * The local font standing in for each generic family: those every desktop system has (Windows and
 * macOS ship them; Linux has their metric-compatible Liberation twins, src/document/font-faces.ts).
 * Script faces fall back to Arial: no cursive font is installed everywhere.
 */
const FALLBACKS: Readonly<Record<FontFamily['generic'], string>> = {
  'sans-serif': 'Arial',
  serif: 'Times New Roman',
  monospace: 'Courier New',
  cursive: 'Arial',
};

type Metrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number; subsets?: { latin?: { xWidthAvg: number } } };

async function metricsOf(family: string): Promise<Metrics> {
  const name = fontFamilyToCamelCase(family);
  return ((await import(`@capsizecss/metrics/${name}`)) as { default: Metrics }).default;
}

const percent = (ratio: number) => Math.round(ratio * 10_000) / 100;

/** capsize's `createFontStack`, as numbers: the fallback scaled to the font's average latin width, then the font's vertical metrics over that em. */
export function fallbackAdjustments(font: Metrics, local: Metrics): Omit<FontFamily['fallback'], 'local'> {
  const widthRatio = (m: Metrics) => (m.subsets?.latin?.xWidthAvg ?? m.xWidthAvg) / m.unitsPerEm;
  const sizeAdjust = widthRatio(font) / widthRatio(local);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / em),
    descentOverride: percent(Math.abs(font.descent) / em),
    lineGapOverride: percent(font.lineGap / em),
  };
}

const packageDir = (id: string) => path.join(ROOT, 'node_modules/@fontsource', id);

/** Each subset's unicode-range in the package's stylesheet for `weight` (`400.css` holds every subset of 400), by subset. */
function unicodeRanges(id: string, weight: number): Partial<Record<FontSubset, string>> {
  const css = readFileSync(path.join(packageDir(id), `${weight}.css`), 'utf8');
  const ranges: Partial<Record<FontSubset, string>> = {};
  for (const subset of FONT_SUBSETS) {
    const rule = new RegExp(String.raw`/\* ${id}-${subset}-${weight}-normal \*/\s*@font-face \{[^}]*?unicode-range: ([^;]+);`).exec(css);
    if (rule) ranges[subset] = rule[1]!.trim();
  }
  return ranges;
}

/** The list as it should stand, from the choices, the installed packages and the metrics. */
export async function computeFontFamilies(): Promise<FontFamily[]> {
  const families: FontFamily[] = [];
  for (const choice of CHOICES) {
    const dir = packageDir(choice.id);
    if (!existsSync(dir)) throw new Error(`@fontsource/${choice.id} is not installed`);
    const meta = JSON.parse(readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as { family: string; weights: number[]; styles: string[] };
    if (!meta.styles.includes('normal')) throw new Error(`${choice.id} has no normal style`);
    const files = new Set(readdirSync(path.join(dir, 'files')));
    const subsets = FONT_SUBSETS.filter((s) => s === 'latin' || meta.weights.some((w) => files.has(fontFileName(choice.id, s, w))));
    const weights = meta.weights
      .filter((w) => w >= WEIGHT_RANGE.min && w <= WEIGHT_RANGE.max)
      .filter((w) => subsets.every((s) => files.has(fontFileName(choice.id, s, w))))
      .sort((a, b) => a - b);
    if (weights.length === 0) throw new Error(`${choice.id} ships no weight between ${WEIGHT_RANGE.min} and ${WEIGHT_RANGE.max}`);
    const ranges = unicodeRanges(choice.id, weights[0]!);
    for (const w of weights) {
      if (JSON.stringify(unicodeRanges(choice.id, w)) !== JSON.stringify(ranges)) throw new Error(`${choice.id} ${w}: its subsets' ranges differ by weight`);
    }
    if (!ranges.latin || subsets.some((s) => !ranges[s])) throw new Error(`${choice.id}: a subset without a unicode-range in ${weights[0]}.css`);
    const local = FALLBACKS[choice.generic];
    families.push({
      id: choice.id,
      name: meta.family,
      category: choice.category,
      weights,
      generic: choice.generic,
      subsets: { latin: ranges.latin, ...(ranges['latin-ext'] ? { 'latin-ext': ranges['latin-ext'] } : {}) },
      fallback: { local, ...fallbackAdjustments(await metricsOf(meta.family), await metricsOf(local)) },
    });
  }
  return families;
}

/** The list as TypeScript: ranges shared by families named once (the most used one per subset plainly, others by family). */
function source(families: readonly FontFamily[]): string {
  const constants = new Map<string, string>();
  for (const subset of FONT_SUBSETS) {
    const counts = new Map<string, number>();
    for (const f of families) if (f.subsets[subset]) counts.set(f.subsets[subset], (counts.get(f.subsets[subset]) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const plain = subset.toUpperCase().replace('-', '_');
    for (const f of families) {
      const range = f.subsets[subset];
      if (range && !constants.has(range)) constants.set(range, range === common ? plain : `${f.id.toUpperCase().replaceAll('-', '_')}_${plain}`);
    }
  }
  const named = (range: string) => constants.get(range)!;
  const lines = [
    ...[...constants].map(([range, name]) => `const ${name} = '${range}';`),
    '',
    'export const FONT_FAMILIES: readonly FontFamily[] = [',
    ...families.map((f) => {
      const subsets = FONT_SUBSETS.flatMap((s) => (f.subsets[s] ? [`'${s}': ${named(f.subsets[s])}`] : [])).join(', ');
      const { local, ...adjust } = f.fallback;
      return `  { id: '${f.id}', name: '${f.name}', category: '${f.category}', weights: [${f.weights.join(', ')}], generic: '${f.generic}', subsets: { ${subsets} }, fallback: { local: '${local}', ${Object.entries(
        adjust,
      )
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')} } },`;
    }),
    '];',
  ];
  return lines.join('\n');
}

const START = /^\/\/ <generated>.*\n/m;
const END = /^\/\/ <\/generated>$/m;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const text = readFileSync(FONTS_MODULE, 'utf8');
  const start = START.exec(text);
  const end = END.exec(text);
  if (!start || !end) throw new Error(`${FONTS_MODULE} has lost its <generated> markers`);
  const from = start.index + start[0].length;
  writeFileSync(FONTS_MODULE, `${text.slice(0, from)}${source(await computeFontFamilies())}\n${text.slice(end.index)}`);
  execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', FONTS_MODULE], { stdio: 'inherit' });
  console.log(`${path.relative(ROOT, FONTS_MODULE)} written`);
}
