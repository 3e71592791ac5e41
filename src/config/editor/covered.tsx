/**
 * The editor's warning for blocks another block covers on the layout being edited, when the owner
 * did not choose it (no Bring forward or Send back between them: ./grid.ts `coveredBlocks`): a
 * dashed warning outline over the covered block with a "Covered" tag, and a note naming the blocks
 * over it, which screen readers reach in the canvas. Drawn in the interaction layer and placed on
 * the block's element after the page has rendered, again whenever the page or the frame changes.
 */
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { blockCover as words } from '../../messages/block-cover';
import { format } from '../../messages/format';
import type { CanvasFrame } from './canvas';
import { pageRect } from './geometry';
import { coveredBlocks, placementOf } from './grid';
import { useEditor, type EditorStore } from './store';
import { kindLabel, kindsOf } from './document';

export function CoveredOutlines({ store, frame }: { store: EditorStore; frame: CanvasFrame }) {
  const { doc, win } = frame;
  const sections = useEditor(store, (s) => s.doc.sections);
  const device = useEditor(store, (s) => s.device);
  const [, remeasure] = useReducer((n: number) => n + 1, 0);
  const layer = useRef<HTMLDivElement>(null);

  // The page reflows when images load, fonts arrive or the frame is resized: placed again then.
  useEffect(() => {
    const observer = new ResizeObserver(() => remeasure());
    observer.observe(doc.documentElement);
    return () => observer.disconnect();
  }, [doc]);

  const covered = sections.flatMap((section) =>
    [...coveredBlocks(section.blocks, device)].map(([id, over]) => {
      const block = section.blocks.find((b) => b.id === id)!;
      const at = placementOf(block, section.blocks, device);
      return { id, note: format(words.note, { kind: kindLabel(block.type), column: at.x + 1, row: at.y + 1, others: kindsOf(over, section.blocks) }) };
    }),
  );

  useLayoutEffect(() => {
    for (const el of layer.current?.querySelectorAll<HTMLElement>('[data-covered]') ?? []) {
      const target = doc.getElementById(`block-${el.dataset.covered}`);
      el.hidden = !target;
      if (!target) continue;
      const r = pageRect(target, win);
      Object.assign(el.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    }
  });

  return (
    <div ref={layer}>
      {covered.map((c) => (
        <div key={c.id} data-covered={c.id} className="editor-covered" role="note" aria-label={c.note}>
          <span className="editor-covered-badge" aria-hidden="true">
            {words.badge}
          </span>
        </div>
      ))}
    </div>
  );
}
