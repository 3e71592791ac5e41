/**
 * Design is data: the published page's stylesheets (theme.css, every block kind's style.css, the
 * site chrome's, the cookie banner's, the cart's and checkout's, and the lightbox's, which the page
 * adopts when it opens) name colours by token only — the design's (`--color-ink`, `--palette-*` …)
 * or the fixed ones (src/document/fixed-colors.ts). A raw colour in a value fails, with its file
 * and line: a hex, a colour function or a CSS colour name; `transparent` and `currentColor` are not
 * colours of their own. Comments, url(#id) fragments and quoted strings are not values.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const BLOCK_STYLESHEETS = readdirSync(path.join(ROOT, 'src/blocks'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `src/blocks/${e.name}/style.css`)
  .filter((file) => existsSync(path.join(ROOT, file)));

const STYLESHEETS = [
  'src/server/render/theme.css',
  ...BLOCK_STYLESHEETS,
  'src/ui/page-contract/cookie-banner.css',
  'src/ui/motion.css',
  'src/ui/cart/cart.css',
  'src/ui/checkout/checkout.css',
];

/** Stylesheets written as template literals in TypeScript, by the constant that holds each. */
const CSS_IN_CODE: readonly { file: string; constant: string }[] = [
  { file: 'src/server/render/site-chrome.tsx', constant: 'SITE_CHROME_CSS' },
  { file: 'src/blocks/gallery/lightbox/style.ts', constant: 'LIGHTBOX_CSS' },
];

/** CSS Color 4's named colours (`transparent` and `currentColor` aside). */
const NAMED_COLORS = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue
darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory
khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke
yellow yellowgreen`.split(/\s+/);

const HEX = '#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\\w-])';
const COLOR_FUNCTION = '(?<![\\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(';
/** Not a math function of the same name (tan()). */
const NAMED = `(?<![\\w-])(?:${NAMED_COLORS.join('|')})(?![\\w(-])`;
const IN_VALUE = new RegExp(`${HEX}|${COLOR_FUNCTION}|${NAMED}`, 'gi');
/** An SVG's colour in a data: address (`fill='%23d6453d'`); a fragment (`url(%23id)`) is not one. */
const IN_DATA_URL = new RegExp(`(?<!url\\()(?:%23|#)(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\\w-])|${COLOR_FUNCTION}`, 'gi');

/** The same text with a match's characters blanked, its line breaks kept, so offsets and lines stay true. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The raw colours in a stylesheet's values, each with its line (the first line is `firstLine`). */
function rawColors(css: string, firstLine = 1): { line: number; color: string }[] {
  const found: { at: number; color: string }[] = [];
  let text = css.replace(/\/\*[\s\S]*?\*\//g, blank);
  text = text.replace(/url\(\s*(?:"[^"]*"|'[^']*'|[^)]*)\s*\)/gi, (url, offset: number) => {
    if (/^url\(\s*["']?data:/i.test(url)) for (const m of url.matchAll(IN_DATA_URL)) found.push({ at: offset + m.index, color: m[0] });
    return blank(url);
  });
  text = text.replace(/"[^"\n]*"|'[^'\n]*'/g, blank);
  // A declaration's value runs to its `;` or its rule's `}`; a selector's `a:hover` runs to a `{` instead.
  for (const declaration of text.matchAll(/[\w-]+\s*:([^;{}]*)(?=[;}])/g)) {
    const valueAt = declaration.index + declaration[0].length - declaration[1]!.length;
    for (const m of declaration[1]!.matchAll(IN_VALUE)) found.push({ at: valueAt + m.index, color: m[0] });
  }
  const lineOf = (at: number) => firstLine + (css.slice(0, at).match(/\n/g)?.length ?? 0);
  return found.sort((a, b) => a.at - b.at).map(({ at, color }) => ({ line: lineOf(at), color }));
}

/** A template literal's text and the line it starts on, its `${…}` parts blanked (they hold numbers, not colours). */
function cssInCode(source: string, constant: string): { css: string; firstLine: number } {
  const start = source.indexOf(`const ${constant} = \``);
  if (start < 0) throw new Error(`${constant} is not a template literal here`);
  const open = source.indexOf('`', start) + 1;
  const close = source.indexOf('`', open);
  const firstLine = 1 + (source.slice(0, open).match(/\n/g)?.length ?? 0);
  return { css: source.slice(open, close).replace(/\$\{[^}]*\}/g, (part) => '0'.repeat(part.length)), firstLine };
}

describe('raw colours in stylesheets', () => {
  it('are found in values, with their lines, and only there', () => {
    const planted = [
      '/* #fff and white in a comment */',
      '.a { color: #fff; }',
      '.b { background: linear-gradient(transparent, rgba(0, 0, 0, .5)); }',
      '.c { border: 1px solid White }',
      `.d { fill: url(#fade); mask: url("data:image/svg+xml,%3Cpath fill='%23d6453d'/%3E"); }`,
      '.e:hover, #abc { color: transparent; outline-color: currentColor; white-space: nowrap; }',
      '.f-white { --x: hsl(0 0% 0%); width: calc(1px * tan(45deg)); content: "black"; }',
      '@media (max-width: 799px) { .g { box-shadow: 0 1px 2px var(--color-shadow); color: #1d5c4dcc; } }',
    ].join('\n');
    expect(rawColors(planted, 10)).toEqual([
      { line: 11, color: '#fff' },
      { line: 12, color: 'rgba(' },
      { line: 13, color: 'White' },
      { line: 14, color: '%23d6453d' },
      { line: 16, color: 'hsl(' },
      { line: 17, color: '#1d5c4dcc' },
    ]);
  });

  it('are in none of the published page’s stylesheets: each colour is a token', () => {
    const sheets = [
      ...STYLESHEETS.map((file) => ({ file, css: readFileSync(path.join(ROOT, file), 'utf8'), firstLine: 1 })),
      ...CSS_IN_CODE.map(({ file, constant }) => ({ file, ...cssInCode(readFileSync(path.join(ROOT, file), 'utf8'), constant) })),
    ];
    expect(BLOCK_STYLESHEETS.length).toBeGreaterThan(10);
    const raw = sheets.flatMap(({ file, css, firstLine }) => rawColors(css, firstLine).map(({ line, color }) => `${file}:${line}: ${color}`));
    expect(raw).toEqual([]);
  });
});
