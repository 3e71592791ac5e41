/**
 * A page's layout as a stylesheet: each block's grid placement on desktop (24 columns) and phone
 * (8 columns), plus any rules a block kind adds. The renderer writes it into the page's <style>,
 * whose hash goes in the Content-Security-Policy, so no inline style attribute is needed; an
 * editor's canvas writes the same rules, so it lays blocks out as the visitor's page does. Pure.
 */
import type { Block, BlockData, Section } from '../document/schema';
import { blockDefinition } from './definitions';

/** Desktop breakpoint (seed 001 §9: 800 px): below it the phone grid applies. */
export const PHONE_MAX_WIDTH = 799;

/** Blocks in reading order: top to bottom, then left to right, on desktop. */
export function readingOrder<B extends Block<BlockData>>(blocks: readonly B[]): B[] {
  return [...blocks].sort((a, b) => a.layout.desktop.y - b.layout.desktop.y || a.layout.desktop.x - b.layout.desktop.x);
}

export function layoutCss(sections: readonly Section<BlockData>[]): string {
  const desktop: string[] = [];
  const phone: string[] = [];
  const extra: string[] = [];
  for (const section of sections) {
    readingOrder(section.blocks).forEach((block, order) => {
      const d = block.layout.desktop;
      desktop.push(`#block-${block.id}{grid-column:${d.x + 1}/span ${d.w};grid-row:${d.y + 1}/span ${d.h}${d.z ? `;z-index:${d.z}` : ''}}`);
      const p = block.layout.phone;
      phone.push(
        p
          ? `#block-${block.id}{grid-column:${p.x + 1}/span ${p.w};grid-row:${p.y + 1}/span ${p.h}${p.z ? `;z-index:${p.z}` : ''}}`
          : `#block-${block.id}{grid-column:1/-1;grid-row:auto;order:${order}${d.z ? ';z-index:auto' : ''}}`,
      );
      const rules = blockDefinition(block.type)?.css?.(block.id, block.data);
      if (rules) extra.push(rules);
    });
  }
  if (desktop.length === 0) return '';
  return `${desktop.join('')}@media (max-width:${PHONE_MAX_WIDTH}px){${phone.join('')}}${extra.join('')}`;
}
