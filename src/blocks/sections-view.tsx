/**
 * A page's sections as visitors get them: each section's grid and, in reading order, each block in
 * its frame (the element the layout stylesheet places, src/blocks/layout-css.ts), with the island
 * marker when its kind has browser behaviour. Pure React: the server renders published pages with
 * it, and the editor's canvas renders the same markup in the browser.
 */
import type { ReactNode } from 'react';
import { blockDefinition } from './definitions';
import { readingOrder } from './layout-css';
import type { RenderContext } from './types';
import { blockElement } from './views';
import type { StoredBlock, StoredSection } from '../document/schema';

/** One block in its frame. `kinds` collects the island kinds a page needs, when given. */
export function BlockFrame({ block, ctx, kinds, priority }: { block: StoredBlock; ctx: RenderContext; kinds?: Set<string>; priority: boolean }) {
  const def = blockDefinition(block.type);
  if (!def) return null;
  // A kind whose island only some blocks need (`when`) marks only those.
  const island = def.island && (def.island.when?.(block.data) ?? true) ? def.island : undefined;
  if (island) kinds?.add(def.kind);
  return (
    <div
      className={`block block-${def.kind}-frame`}
      id={`block-${block.id}`}
      {...(island ? { 'data-island': def.kind, 'data-load': typeof island.load === 'function' ? island.load(block.data) : island.load } : {})}
    >
      {blockElement(block.type, { id: block.id, data: block.data, ctx, columns: block.layout.desktop.w, priority })}
    </div>
  );
}

/** The section element and its grid around whatever renders its blocks. */
export function SectionFrame({ section, children }: { section: Pick<StoredSection, 'id' | 'theme' | 'height'>; children: ReactNode }) {
  return (
    <section className={`page-section theme-${section.theme}${section.height ? ` section-height-${section.height}` : ''}`} id={`section-${section.id}`}>
      <div className="section-grid">{children}</div>
    </section>
  );
}

export function Sections({ sections, ctx, kinds }: { sections: readonly StoredSection[]; ctx: RenderContext; kinds?: Set<string> }) {
  return (
    <>
      {sections.map((section, index) => (
        <SectionFrame key={section.id} section={section}>
          {readingOrder(section.blocks).map((block) => (
            <BlockFrame key={block.id} block={block} ctx={ctx} kinds={kinds} priority={index === 0} />
          ))}
        </SectionFrame>
      ))}
    </>
  );
}
