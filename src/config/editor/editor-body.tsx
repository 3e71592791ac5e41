/**
 * The editor's body: the palette of block kinds (a click adds one to the selected block's section, a
 * drag places it on the canvas), the stage with the canvas and its overlay, and the settings panel;
 * with the dialogs for a new section and for a kind's image.
 */
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useRef, useState } from 'react';
import { BLOCK_DEFINITIONS, blockDefinition } from '../../blocks/definitions';
import type { EditorPage } from '../../contracts/editor';
import { BLOCK_TYPES } from '../../domain/block-types';
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import { FilePicker, placedImage } from '../shared/file-picker';
import type { PickedImage } from '../../contracts/files';
import { Canvas, type CanvasFrame, type CanvasSetup } from './canvas';
import { cellAt, gridAt, measureGrids } from './geometry';
import { Overlay } from './overlay';
import { OVERLAY_CSS } from './overlay-css';
import { buildSectionLayout, sectionLayout, type SectionLayoutKey } from '../../blocks/section-layouts';
import { AddSectionDialog } from './section-panel';
import { useEditor, type EditorStore } from './store';
import { findBlock, newId } from './document';

import { DEVICES, type View } from './editor-bar';
import { SettingsPanel } from './settings-panel';

export const isTextBlock = (type: number) => type === BLOCK_TYPES.HTML;

/** A palette entry: click adds the block to the selected block's section; drag places it on the canvas. */
function PaletteItem({ type, label, onAdd, disabled }: { type: number; label: string; onAdd: () => void; disabled: boolean }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `palette-${type}`, data: { type }, disabled });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        className="editor-palette-item"
        onClick={onAdd}
        disabled={disabled}
        {...listeners}
        {...attributes}
        aria-label={`Add ${label}`}
      >
        {label}
      </button>
    </li>
  );
}

function Stage({ children, dragging }: { children: React.ReactNode; dragging: boolean }) {
  const { setNodeRef } = useDroppable({ id: 'canvas' });
  return (
    <div ref={setNodeRef} className={`editor-stage${dragging ? ' editor-stage--dropping' : ''}`}>
      {children}
    </div>
  );
}

export function EditorBody({
  store,
  page,
  setup,
  view,
  frame,
  setFrame,
  writable,
  canPaste,
}: {
  store: EditorStore;
  page: EditorPage;
  setup: CanvasSetup;
  view: View;
  frame: CanvasFrame | undefined;
  setFrame: (f: CanvasFrame) => void;
  writable: boolean;
  canPaste: boolean;
}) {
  const preview = useEditor(store, (s) => s.preview);
  const [search, setSearch] = useState('');
  const [dragType, setDragType] = useState<number>();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const kinds = BLOCK_DEFINITIONS.filter((d) => d.label.toLowerCase().includes(search.trim().toLowerCase()));

  /** The section new blocks go to: the selected block's, else the last one (made when the page has none). */
  const targetSection = () => {
    const state = store.getState();
    const found = findBlock(state.doc, state.selected);
    if (found) return found.section.id;
    const last = state.doc.sections.at(-1);
    return last ? last.id : store.addSection(-1);
  };
  const [picking, setPicking] = useState<{ type: number; sectionId: string; at?: { x: number; y: number } } | { layout: SectionLayoutKey; after: number }>();
  const [addingAfter, setAddingAfter] = useState<number>();
  /** A new section after the one at `after`: blank, or from a layout (one with an image asks for it first). */
  const addSection = (layout: SectionLayoutKey | 'blank', after: number, image?: PickedImage) => {
    if (layout === 'blank') {
      store.showSection(store.addSection(after));
      return;
    }
    const chosen = sectionLayout(layout)!;
    if (chosen.needsImage && !image) return setPicking({ layout, after });
    const section = buildSectionLayout(layout, newId, image ? { image: image.src } : {});
    if (!section) return;
    // The layout's image takes the library's alternative text and focal point, as a placed image block does.
    for (const b of section.blocks) if (b.type === BLOCK_TYPES.IMAGE && image) b.data = { ...b.data, ...placedImage(image, String(b.data.alt ?? '')) };
    store.insertSection(after, section, format(editing.stepAddLayout, { layout: chosen.label }));
  };
  /** A kind that needs its image as it is placed asks for it first. */
  const place = (type: number, sectionId: string, at?: { x: number; y: number }) => {
    if (blockDefinition(type)?.needs?.includes('src')) setPicking({ type, sectionId, ...(at ? { at } : {}) });
    else store.insertBlock(sectionId, type, at);
  };
  const add = (type: number) => place(type, targetSection());
  const onDragStart = (event: DragStartEvent) => setDragType((event.active.data.current as { type: number }).type);
  const onDragEnd = (event: DragEndEvent) => {
    setDragType(undefined);
    const type = (event.active.data.current as { type: number } | undefined)?.type;
    const iframe = frameRef.current;
    if (!type || !event.over || !frame || !iframe) return;
    const start = event.activatorEvent as PointerEvent;
    const box = iframe.getBoundingClientRect();
    const x = start.clientX + event.delta.x - box.left + frame.win.scrollX;
    const y = start.clientY + event.delta.y - box.top + frame.win.scrollY;
    const grid = gridAt(measureGrids(frame.doc, frame.win), y);
    if (!grid) return add(type);
    const cell = cellAt(grid, x, y);
    place(type, grid.sectionId, { x: cell.col, y: cell.row });
  };
  const onFrame = useCallback(
    (f: CanvasFrame) => {
      frameRef.current = f.win.frameElement as HTMLIFrameElement;
      setFrame(f);
    },
    [setFrame],
  );
  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragType(undefined)}>
      <div className={`editor-body${writable && !preview ? '' : ' editor-body--no-palette'}`}>
        {writable && !preview ? (
          <aside className="editor-palette" aria-label="Add blocks">
            <h2>Add a block</h2>
            <label>
              Search blocks
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <ul>
              {kinds.map((d) => (
                <PaletteItem key={d.type} type={d.type} label={d.label} onAdd={() => add(d.type)} disabled={false} />
              ))}
            </ul>
            {kinds.length === 0 ? <p className="hint">No block is called that.</p> : null}
            <div className="editor-palette-more">
              <button type="button" className="secondary" onClick={() => setAddingAfter(store.getState().doc.sections.length - 1)}>
                {editing.addSectionTitle}
              </button>
              <button type="button" className="secondary" disabled={!canPaste} onClick={() => store.paste()} aria-keyshortcuts="Control+V">
                Paste
              </button>
            </div>
          </aside>
        ) : null}
        <Stage dragging={dragType !== undefined}>
          <div className={`editor-device editor-device--${view}`}>
            <Canvas
              store={store}
              setup={setup}
              overlayCss={OVERLAY_CSS}
              width={DEVICES[view]}
              onFrame={onFrame}
              withSiteFrame
              renderLayer={(f) => <Overlay store={store} frame={f} writable={writable} isTextBlock={isTextBlock} onAddSection={setAddingAfter} />}
            />
          </div>
        </Stage>
        {!preview ? <SettingsPanel store={store} page={page} writable={writable} canPaste={canPaste} /> : null}
      </div>
      {addingAfter !== undefined ? <AddSectionDialog onPick={(layout) => addSection(layout, addingAfter)} onDone={() => setAddingAfter(undefined)} /> : null}
      {picking ? (
        <FilePicker
          allowAddress
          onPick={(image) =>
            'layout' in picking
              ? addSection(picking.layout, picking.after, image)
              : store.insertBlock(picking.sectionId, picking.type, picking.at, placedImage(image))
          }
          onDone={() => setPicking(undefined)}
        />
      ) : null}
      <DragOverlay dropAnimation={null}>{dragType ? <div className="editor-drag">{blockDefinition(dragType)?.label}</div> : null}</DragOverlay>
    </DndContext>
  );
}
