import { describe, expect, it } from 'vitest';
import { fontFamily, type FontFamily } from '../domain/fonts';
import { DEFAULT_DESIGN } from './design';
import { fontFaceCss, fontStack, fontStylesheetName, fontsUsed, preloadFile } from './font-faces';

const family = (id: string): FontFamily => fontFamily(id)!;
const fileUrl = (familyId: string, file: string) => `/fonts/files/${familyId}-1.0.0/${file}`;

/** The `@font-face` rules of a stylesheet, each as its descriptors by name. */
function faces(css: string): Record<string, string>[] {
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((m) =>
    Object.fromEntries(
      m[1]!
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1).trim()]),
    ),
  );
}

describe('the fonts a design uses', () => {
  it('are, for the default design, Inter at 400 and 600 and Lora at 500: nothing added for bold text', () => {
    const used = fontsUsed(DEFAULT_DESIGN.fonts);
    expect(used.map((u) => [u.family.id, u.weights])).toEqual([
      ['inter', [400, 600]],
      ['lora', [500]],
    ]);
  });

  it('are sorted by family, each weight once, ascending', () => {
    const used = fontsUsed({ heading: { family: 'syne', weight: 700 }, body: { family: 'arvo', weight: 700 }, button: { family: 'arvo', weight: 400 } });
    expect(used.map((u) => [u.family.id, u.weights])).toEqual([
      ['arvo', [400, 700]],
      ['syne', [700]],
    ]);
    expect(fontsUsed({ heading: { family: 'inter', weight: 400 }, body: { family: 'inter', weight: 400 }, button: { family: 'inter', weight: 400 } })).toEqual([
      { family: family('inter'), weights: [400] },
    ]);
  });

  it('leave out a family or a weight no longer offered', () => {
    const used = fontsUsed({ heading: { family: 'comic-sans', weight: 400 }, body: { family: 'inter', weight: 100 }, button: { family: 'lora', weight: 500 } });
    expect(used.map((u) => [u.family.id, u.weights])).toEqual([['lora', [500]]]);
  });

  // the stylesheet's name for 000-7.31 (its request, seen in the browser, is left to the page's end-to-end test)
  it('name the fonts stylesheet: each family with its weights', () => {
    expect(fontStylesheetName(fontsUsed(DEFAULT_DESIGN.fonts))).toBe('inter-400-600,lora-500');
    expect(fontStylesheetName([])).toBe('');
  });
});

describe('the font faces', () => {
  const css = fontFaceCss(fontsUsed(DEFAULT_DESIGN.fonts), fileUrl);
  const all = faces(css);
  const files = all.filter((f) => f.src?.endsWith('format("woff2")'));

  it('of the default design are Inter 400 and 600 and Lora 500, each in latin and latin-ext, from the given addresses', () => {
    expect(files.map((f) => `${f['font-family']} ${f['font-weight']} ${f.src}`)).toEqual([
      '"Inter" 400 url("/fonts/files/inter-1.0.0/inter-latin-400-normal.woff2") format("woff2")',
      '"Inter" 400 url("/fonts/files/inter-1.0.0/inter-latin-ext-400-normal.woff2") format("woff2")',
      '"Inter" 600 url("/fonts/files/inter-1.0.0/inter-latin-600-normal.woff2") format("woff2")',
      '"Inter" 600 url("/fonts/files/inter-1.0.0/inter-latin-ext-600-normal.woff2") format("woff2")',
      '"Lora" 500 url("/fonts/files/lora-1.0.0/lora-latin-500-normal.woff2") format("woff2")',
      '"Lora" 500 url("/fonts/files/lora-1.0.0/lora-latin-ext-500-normal.woff2") format("woff2")',
    ]);
    for (const face of files) expect(face).toMatchObject({ 'font-style': 'normal', 'font-display': 'swap' });
  });

  it('give each subset its unicode-range, so latin-ext loads only for text that needs it', () => {
    const [latin, ext] = files;
    expect(latin!['unicode-range']).toMatch(/^U\+0000-00FF,/);
    expect(ext!['unicode-range']).toMatch(/^U\+0100-02BA,/);
    // Basic latin is in the latin face alone: a page in English never fetches latin-ext.
    expect(ext!['unicode-range']).not.toMatch(/U\+00[0-9A-F]{2}\b/);
    expect(files.filter((f) => f.src!.includes('-latin-ext-')).every((f) => f['unicode-range'] === ext!['unicode-range'])).toBe(true);
  });

  it('end with a fallback face per family: a local font, and its twin on Linux, resized to take the same room', () => {
    expect(all.slice(files.length)).toEqual([
      {
        'font-family': '"Inter Fallback"',
        src: 'local("Arial"), local("Liberation Sans")',
        'size-adjust': '107.12%',
        'ascent-override': '90.44%',
        'descent-override': '22.52%',
        'line-gap-override': '0%',
      },
      expect.objectContaining({ 'font-family': '"Lora Fallback"', src: 'local("Times New Roman"), local("Liberation Serif")' }),
    ]);
    expect(all).toHaveLength(files.length + 2);
  });

  it('have only latin for a family that ships no latin-ext', () => {
    const arvo = faces(fontFaceCss([{ family: family('arvo'), weights: [400] }], fileUrl));
    expect(arvo.map((f) => f.src)).toEqual([
      'url("/fonts/files/arvo-1.0.0/arvo-latin-400-normal.woff2") format("woff2")',
      'local("Times New Roman"), local("Liberation Serif")',
    ]);
  });

  it('are named in stacks: the family, its fallback, then the generic family', () => {
    expect(fontStack(family('inter'))).toBe('"Inter", "Inter Fallback", sans-serif');
    expect(fontStack(family('ibm-plex-mono'))).toBe('"IBM Plex Mono", "IBM Plex Mono Fallback", monospace');
    expect(fontStack(family('caveat'))).toBe('"Caveat", "Caveat Fallback", cursive');
  });
});

describe('the file to preload', () => {
  const used = fontsUsed(DEFAULT_DESIGN.fonts);

  it("is the body font's latin face at the body's weight", () => {
    expect(preloadFile(used, 'inter', 400)).toBe('inter-latin-400-normal.woff2');
  });

  it('is none when the design does not use that face', () => {
    expect(preloadFile(used, 'inter', 700)).toBeUndefined();
    expect(preloadFile(used, 'karla', 400)).toBeUndefined();
  });
});
