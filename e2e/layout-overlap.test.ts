/**
 * Nothing overprints anything: every page of the demo's sitemap at 390, 768 and 1440 px wide,
 * where no two blocks' painted boxes (a block and everything drawn inside it, its caption
 * included) overlap unless their grid areas in the layout that width uses overlap too (the owner
 * placed one over the other). A block's caption stays inside its own grid area; the phone's
 * stacking never overlaps.
 */
import { describe, expect, it } from 'vitest';
import { siteForFile, visitorContext } from './harness';

const env = siteForFile();
const WIDTHS = [390, 768, 1440];

type Painted = {
  id: string;
  section: number;
  area: [number, number, number, number] | null;
  box: { left: number; top: number; right: number; bottom: number };
};

/** Each block of the page: its section, its grid area (rows then columns, null when placed automatically) and the box it paints. */
function paintedBlocks(): Painted[] {
  const sections = [...document.querySelectorAll('main .section-grid')];
  return [...document.querySelectorAll<HTMLElement>('main .section-grid > .block')].map((el) => {
    const style = getComputedStyle(el);
    const lines = [style.gridRowStart, style.gridRowEnd, style.gridColumnStart, style.gridColumnEnd].map(Number);
    const rects = [el, ...el.querySelectorAll('*')]
      .filter((d) => getComputedStyle(d).visibility !== 'hidden' && getComputedStyle(d).position !== 'fixed')
      .flatMap((d) => [...d.getClientRects()])
      // Off the page to the side (a spam trap's field) is not painted where anything is.
      .filter((r) => r.width > 1 && r.height > 1 && r.right > 0 && r.left < document.documentElement.clientWidth);
    const box = {
      left: Math.min(...rects.map((r) => r.left)) + scrollX,
      top: Math.min(...rects.map((r) => r.top)) + scrollY,
      right: Math.max(...rects.map((r) => r.right)) + scrollX,
      bottom: Math.max(...rects.map((r) => r.bottom)) + scrollY,
    };
    return {
      id: el.id,
      section: sections.indexOf(el.closest('.section-grid')!),
      area: lines.every(Number.isFinite) ? (lines as Painted['area']) : null,
      box,
    };
  });
}

const areasMeet = (a: Painted, b: Painted) =>
  a.section === b.section &&
  a.area !== null &&
  b.area !== null &&
  a.area[0] < b.area[1] &&
  b.area[0] < a.area[1] &&
  a.area[2] < b.area[3] &&
  b.area[2] < a.area[3];

/** More than a pixel of overlap each way: borders and rounding are not overprinting. */
const boxesMeet = (a: Painted['box'], b: Painted['box']) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

describe('no block overprints another', () => {
  it.each(WIDTHS)('on every page of the demo at %i px', async (width) => {
    const site = env.site();
    const context = await visitorContext(env.browser(), site, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    const sitemap = await (await page.goto(`${site.url}/sitemap.xml`))!.text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    const overlaps: string[] = [];
    for (const path of paths) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      const blocks = await page.evaluate(paintedBlocks);
      for (let i = 0; i < blocks.length; i++)
        for (let j = i + 1; j < blocks.length; j++)
          if (boxesMeet(blocks[i]!.box, blocks[j]!.box) && !areasMeet(blocks[i]!, blocks[j]!)) overlaps.push(`${path}: ${blocks[i]!.id} over ${blocks[j]!.id}`);
    }
    await context.close();
    expect(overlaps).toEqual([]);
  });
});
