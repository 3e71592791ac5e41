import { describe, expect, it } from 'vitest';
import type { Block } from '../document/schema';
import { layoutCss, readingOrder } from './layout-css';

const block = (id: string, x: number, y: number, w: number, h: number, phone?: Block['layout']['phone']): Block => ({
  id,
  type: 21,
  data: {},
  layout: { desktop: { x, y, w, h }, ...(phone ? { phone } : {}) },
});

describe('layout stylesheet', () => {
  it('places blocks on the 24-column grid and stacks unedited phone layouts in reading order', () => {
    const css = layoutCss([{ id: 's', theme: 'white', blocks: [block('b', 12, 0, 12, 4), block('a', 0, 0, 12, 4)] }]);
    expect(css).toBe(
      '#block-a{grid-column:1/span 12;grid-row:1/span 4}#block-b{grid-column:13/span 12;grid-row:1/span 4}' +
        '@media (max-width:799px){#block-a{grid-column:1/-1;grid-row:auto;order:0}#block-b{grid-column:1/-1;grid-row:auto;order:1}}',
    );
  });

  it('uses an edited phone placement on the 8-column grid', () => {
    const css = layoutCss([{ id: 's', theme: 'white', blocks: [block('a', 0, 0, 24, 2, { x: 2, y: 1, w: 6, h: 3 })] }]);
    expect(css).toContain('@media (max-width:799px){#block-a{grid-column:3/span 6;grid-row:2/span 3}}');
  });

  it('orders by row, then column', () => {
    expect(readingOrder([block('c', 0, 5, 1, 1), block('b', 3, 0, 1, 1), block('a', 0, 0, 1, 1)]).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('is empty for a page without blocks', () => {
    expect(layoutCss([])).toBe('');
  });
});
