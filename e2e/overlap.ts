/**
 * Whether anything overprints anything on a page: no two blocks' painted boxes (a block and
 * everything drawn inside it, its caption included) overlap unless their grid areas in the layout
 * the page's width uses overlap too (the owner placed one over the other). Used by the overlap test
 * over the demo and by the templates' checks.
 */
import type { Page } from 'playwright-core';

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
    // What an element paints is cut to every box between it and the block that clips its overflow (a map's tiles to the map).
    const meet = (a: DOMRect, b: DOMRect) => {
      const [left, top] = [Math.max(a.left, b.left), Math.max(a.top, b.top)];
      return DOMRect.fromRect({
        x: left,
        y: top,
        width: Math.max(0, Math.min(a.right, b.right) - left),
        height: Math.max(0, Math.min(a.bottom, b.bottom) - top),
      });
    };
    const clips = new Map<Element, DOMRect | null>();
    const clipOf = (d: Element): DOMRect | null => {
      const parent = d.parentElement;
      if (d === el || !parent) return null;
      let clip = clips.get(parent);
      if (clip === undefined) {
        const outer = clipOf(parent);
        const { overflowX, overflowY } = getComputedStyle(parent);
        const own = overflowX !== 'visible' || overflowY !== 'visible' ? parent.getBoundingClientRect() : null;
        clip = own && outer ? meet(own, outer) : (own ?? outer);
        clips.set(parent, clip);
      }
      return clip;
    };
    const rects = [el, ...el.querySelectorAll('*')]
      .filter((d) => getComputedStyle(d).visibility !== 'hidden' && getComputedStyle(d).position !== 'fixed')
      .flatMap((d) => {
        const clip = clipOf(d);
        return [...d.getClientRects()].map((r) => (clip ? meet(r, clip) : r));
      })
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

/** The blocks of the page open in `page` that overprint one another, as `{label}: {id} over {id}`. */
export async function overprinted(page: Page, label: string): Promise<string[]> {
  const blocks = await page.evaluate(paintedBlocks);
  const overlaps: string[] = [];
  for (let i = 0; i < blocks.length; i++)
    for (let j = i + 1; j < blocks.length; j++)
      if (boxesMeet(blocks[i]!.box, blocks[j]!.box) && !areasMeet(blocks[i]!, blocks[j]!)) overlaps.push(`${label}: ${blocks[i]!.id} over ${blocks[j]!.id}`);
  return overlaps;
}
