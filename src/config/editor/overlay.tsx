/**
 * The interaction layer over the canvas: the hovered block's outline, the selected block's frame
 * with its resize handles and its toolbar (placed clear of the other blocks), the text style bar
 * beside words being edited (./text-bar.tsx), each section's bar, and the ghost of a move or resize in
 * progress. Moves and resizes follow the pointer (pointer events, snapping to the grid's cells as
 * the browser laid them out: ./geometry.ts) and become one step when the pointer is let go. While
 * editing, nothing on the page does what a visitor's click would: a press selects, a click goes
 * nowhere, a form sends nothing. In preview the page is the visitor's.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import type { CanvasFrame } from './canvas';
import { CoveredOutlines } from './covered';
import { cellAt, cellsRect, gridAt, measureGrids, pageRect, placeToolbar, type GridGeometry, type Rect } from './geometry';
import { clampBox, pageOrder, phoneEdited, placementOf, type Box } from './grid';
import { useEditor, type EditorStore } from './store';
import { findBlock, kindLabel } from './document';
import { TextBar } from './text-bar';

type Edges = { n?: true; s?: true; e?: true; w?: true };

type Gesture =
  | { kind: 'press'; id: string; x: number; y: number; grab: { col: number; row: number }; wasSelected: boolean }
  | { kind: 'move'; id: string; grab: { col: number; row: number }; ghost?: Ghost }
  | { kind: 'resize'; id: string; edges: Edges; sectionId: string; start: Box; ghost?: Ghost };

/** Where a move or resize would land: its cells, its section, and the cells' rectangle to draw. */
type Ghost = { box: Box; sectionId: string; rect: Rect };

const HANDLES: { name: string; edges: Edges; label: string }[] = [
  { name: 'n', edges: { n: true }, label: 'top' },
  { name: 's', edges: { s: true }, label: 'bottom' },
  { name: 'e', edges: { e: true }, label: 'right' },
  { name: 'w', edges: { w: true }, label: 'left' },
  { name: 'ne', edges: { n: true, e: true }, label: 'top right' },
  { name: 'nw', edges: { n: true, w: true }, label: 'top left' },
  { name: 'se', edges: { s: true, e: true }, label: 'bottom right' },
  { name: 'sw', edges: { s: true, w: true }, label: 'bottom left' },
];

function pageOrderFirst(store: EditorStore): string | undefined {
  return pageOrder(store.getState().doc.sections)[0]?.block.id;
}

/** A press that moves less than this many pixels is a click, not a drag. */
const DRAG_THRESHOLD = 4;

const style = (r: Rect) => ({ left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });

function blockIdOf(target: EventTarget | null): string | undefined {
  const el = (target as Element | null)?.closest?.('.block[id^="block-"]');
  return el ? el.id.slice('block-'.length) : undefined;
}

/** The box a resize by `edges` gives when the pointer is over `cell`, in a grid of `columns`. */
function resized(start: Box, edges: Edges, cell: { col: number; row: number }, columns: number): Box {
  let { x, y, w, h } = start;
  const right = start.x + start.w;
  const bottom = start.y + start.h;
  if (edges.e) w = Math.max(1, cell.col - x + 1);
  if (edges.s) h = Math.max(1, cell.row - y + 1);
  if (edges.w) {
    x = Math.min(cell.col, right - 1);
    w = right - x;
  }
  if (edges.n) {
    y = Math.min(cell.row, bottom - 1);
    h = bottom - y;
  }
  return { x, y, w: Math.min(w, columns - x), h };
}

export function Overlay({
  store,
  frame,
  writable,
  isTextBlock,
  onAddSection,
}: {
  store: EditorStore;
  frame: CanvasFrame;
  writable: boolean;
  isTextBlock: (type: number) => boolean;
  /** Opens the choice of layouts for a new section after the one at `index`. */
  onAddSection: (index: number) => void;
}) {
  const { doc, win } = frame;
  const device = useEditor(store, (s) => s.device);
  const selected = useEditor(store, (s) => s.selected);
  const preview = useEditor(store, (s) => s.preview);
  const revision = useEditor(store, (s) => s.revision);
  const editingText = useEditor(store, (s) => s.editingText);
  const sections = useEditor(store, (s) => s.doc.sections);
  const [hover, setHover] = useState<string>();
  const [hoverSection, setHoverSection] = useState<string>();
  const [gesture, setGesture] = useState<Gesture>();
  const gestureRef = useRef<Gesture | undefined>(undefined);
  const [measured, remeasure] = useReducer((n: number) => n + 1, 0);
  const selectionRef = useRef<HTMLDivElement>(null);
  const gridsRef = useRef<GridGeometry[]>([]);

  const setG = (g: Gesture | undefined) => {
    gestureRef.current = g;
    setGesture(g);
  };

  // The page reflows when images load, fonts arrive or the frame is resized: measure again then.
  useEffect(() => {
    const again = () => remeasure();
    const observer = new ResizeObserver(again);
    observer.observe(doc.documentElement);
    doc.addEventListener('load', again, true);
    return () => {
      observer.disconnect();
      doc.removeEventListener('load', again, true);
    };
  }, [doc]);

  // In preview the site's header and footer are shown as visitors see them, no longer dimmed.
  useEffect(() => {
    doc.body.classList.toggle('editor-canvas-body--preview', preview);
  }, [doc, preview]);

  // Pointer and click handling on the frame's page.
  useEffect(() => {
    const grids = () => (gridsRef.current = measureGrids(doc, win));
    const cellFor = (x: number, y: number) => {
      const grid = gridAt(gridsRef.current, y);
      return grid ? { grid, cell: cellAt(grid, x, y) } : undefined;
    };
    const onPointerDown = (event: PointerEvent) => {
      const state = store.getState();
      if (state.preview || event.button !== 0) return;
      const target = event.target as Element;
      if (target.closest?.('.editor-layer')) return;
      const id = blockIdOf(target);
      if (state.editingText && id === state.editingText) return; // a click inside the text being edited places the caret
      event.preventDefault();
      if (!id) {
        if (state.editingText) store.editText(undefined);
        store.select(undefined);
        return;
      }
      const wasSelected = state.selected === id && !state.editingText;
      if (state.editingText) store.editText(undefined);
      store.select(id);
      selectionRef.current?.focus({ preventScroll: true });
      if (!writable) return;
      grids();
      const found = findBlock(store.getState().doc, id)!;
      const at = cellFor(event.pageX, event.pageY);
      const d = placementOf(found.block, found.section.blocks, store.getState().device);
      const grab = at ? { col: at.cell.col - d.x, row: Math.max(0, at.cell.row - d.y) } : { col: 0, row: 0 };
      // No pointer capture yet: a press that stays a click reaches what it was on (an accordion's question opens).
      setG({ kind: 'press', id, x: event.clientX, y: event.clientY, grab, wasSelected });
    };
    const onPointerMove = (event: PointerEvent) => {
      const g = gestureRef.current;
      if (!g) {
        if (store.getState().preview) return;
        setHover(blockIdOf(event.target));
        setHoverSection((event.target as Element).closest?.('section.page-section')?.id.slice('section-'.length));
        return;
      }
      if (g.kind === 'press') {
        if (Math.hypot(event.clientX - g.x, event.clientY - g.y) < DRAG_THRESHOLD) return;
        // A drag: the rest of it comes here wherever the pointer goes.
        doc.documentElement.setPointerCapture?.(event.pointerId);
        setG({ kind: 'move', id: g.id, grab: g.grab });
        return;
      }
      const at = cellFor(event.pageX, event.pageY);
      if (!at) return;
      const found = findBlock(store.getState().doc, g.id);
      if (!found) return;
      const columns = at.grid.columns.length;
      if (g.kind === 'move') {
        const d = placementOf(found.block, found.section.blocks, store.getState().device);
        const box = clampBox({ x: at.cell.col - g.grab.col, y: at.cell.row - g.grab.row, w: Math.min(d.w, columns), h: d.h }, columns);
        setG({ ...g, ghost: { box, sectionId: at.grid.sectionId, rect: cellsRect(at.grid, box) } });
      } else {
        const grid = gridsRef.current.find((x) => x.sectionId === g.sectionId);
        if (!grid) return;
        const box = resized(g.start, g.edges, cellAt(grid, event.pageX, event.pageY), grid.columns.length);
        setG({ ...g, ghost: { box, sectionId: g.sectionId, rect: cellsRect(grid, box) } });
      }
    };
    const onPointerUp = (event: PointerEvent) => {
      const g = gestureRef.current;
      if (!g) return;
      setG(undefined);
      if (g.kind === 'press') {
        // A click on a text block already selected starts editing its words, the caret where it was.
        const found = findBlock(store.getState().doc, g.id);
        if (g.wasSelected && found && isTextBlock(found.block.type)) store.editText(g.id, { x: event.clientX, y: event.clientY });
        return;
      }
      if (!g.ghost) return;
      store.placeBlock(g.id, g.ghost.box, { sectionId: g.ghost.sectionId, kind: g.kind });
    };
    const onClick = (event: MouseEvent) => {
      if (store.getState().preview) {
        // In preview a link shows where it goes but the canvas stays on this page.
        if ((event.target as Element).closest?.('a[href]')) event.preventDefault();
        return;
      }
      if ((event.target as Element).closest?.('.editor-layer')) return;
      if (store.getState().editingText && blockIdOf(event.target) === store.getState().editingText) return;
      event.preventDefault();
    };
    const onDoubleClick = (event: MouseEvent) => {
      const state = store.getState();
      if (state.preview || !writable) return;
      const id = blockIdOf(event.target);
      const found = findBlock(state.doc, id);
      if (found && isTextBlock(found.block.type) && state.editingText !== id) store.editText(id, { x: event.clientX, y: event.clientY });
    };
    const onSubmit = (event: Event) => event.preventDefault();
    // Listened for in the capture phase, before the page's own elements see them.
    const listeners: [string, (event: never) => void][] = [
      ['pointerdown', onPointerDown],
      ['pointermove', onPointerMove],
      ['pointerup', onPointerUp],
      ['pointercancel', onPointerUp],
      ['click', onClick],
      ['dblclick', onDoubleClick],
      ['submit', onSubmit],
    ];
    for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
    return () => {
      for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
    };
  }, [doc, win, store, writable, isTextBlock]);

  // The marks are placed after the page has rendered this state: the outlines and the section's bar
  // are moved straight on their elements, with no second render.
  const hoverRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const blockBarRef = useRef<HTMLDivElement>(null);
  const found = findBlock(store.getState().doc, selected);
  const activeSection = found?.section.id ?? hoverSection;
  useLayoutEffect(() => {
    const place = (el: HTMLElement | null, target: Element | null, whole = true) => {
      if (!el) return;
      if (!target) {
        el.hidden = true;
        return;
      }
      const r = pageRect(target, win);
      el.hidden = false;
      // A bar never wider than its section (a phone's width): its controls wrap.
      if (!whole) el.style.maxWidth = `${Math.max(120, r.width - 16)}px`;
      // A section's bar sits in its bottom right corner, clear of the blocks' own bars, which sit above them.
      el.style.left = `${whole ? r.left : Math.max(r.left + 8, r.left + r.width - el.offsetWidth - 8)}px`;
      el.style.top = `${whole ? r.top : Math.max(r.top + 8, r.top + r.height - el.offsetHeight - 8)}px`;
      if (whole) {
        el.style.width = `${r.width}px`;
        el.style.height = `${r.height}px`;
      }
    };
    place(hoverRef.current, hover && hover !== selected ? doc.getElementById(`block-${hover}`) : null);
    place(selectionRef.current, selected ? doc.getElementById(`block-${selected}`) : null);
    place(barRef.current, activeSection ? doc.getElementById(`section-${activeSection}`) : null, false);
    // The block's bar goes where it covers no other block (nor the section's bar): above it, else below or beside it.
    const selectedEl = selected ? doc.getElementById(`block-${selected}`) : null;
    if (blockBarRef.current && selectedEl) placeToolbar(blockBarRef.current, selectedEl, win);
  }, [doc, win, hover, selected, activeSection, revision, measured, sections, preview, editingText]);

  // Focus that reaches the page itself (Tab into the frame) selects the block it landed in, or the
  // first block, and moves to the selection: the page's own links and fields are not stops while editing.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const state = store.getState();
      if (state.preview || state.editingText) return;
      const target = event.target as Element;
      if (!target.closest?.('main')) return;
      const id = blockIdOf(target) ?? pageOrderFirst(store);
      if (id) store.select(id, { announce: true });
      selectionRef.current?.focus({ preventScroll: true });
    };
    doc.addEventListener('focusin', onFocusIn);
    return () => doc.removeEventListener('focusin', onFocusIn);
  }, [doc, store]);

  // The selection carries keyboard focus, so the keys act on it and a screen reader names it.
  useEffect(() => {
    if (selected && !editingText && doc.activeElement !== selectionRef.current) selectionRef.current?.focus({ preventScroll: true });
    if (selected) doc.getElementById(`block-${selected}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected, editingText, doc]);

  if (preview) return null;
  const ghost = gesture && gesture.kind !== 'press' ? gesture.ghost : undefined;
  const startResize = (edges: Edges) => (event: React.PointerEvent) => {
    if (!found || !writable) return;
    event.preventDefault();
    event.stopPropagation();
    gridsRef.current = measureGrids(doc, win);
    setG({ kind: 'resize', id: found.block.id, edges, sectionId: found.section.id, start: placementOf(found.block, found.section.blocks, device) });
    doc.documentElement.setPointerCapture?.(event.pointerId);
  };
  const sectionIndex = sections.findIndex((s) => s.id === activeSection);
  const section = sections[sectionIndex];
  const at = found ? placementOf(found.block, found.section.blocks, device) : undefined;
  return (
    <>
      <CoveredOutlines store={store} frame={frame} />
      <div ref={hoverRef} className="editor-hover" hidden />
      {found ? (
        <div
          ref={selectionRef}
          className={`editor-selection${editingText ? ' editor-selection--text' : ''}`}
          tabIndex={-1}
          role="group"
          aria-roledescription="selected block"
          aria-label={format(editing.blockLabel, { kind: kindLabel(found.block.type), column: at!.x + 1, row: at!.y + 1 })}
        >
          {writable && !editingText
            ? HANDLES.map((h) => (
                <span key={h.name} className={`editor-handle editor-handle--${h.name}`} aria-hidden="true" onPointerDown={startResize(h.edges)} />
              ))
            : null}
          {writable && !editingText ? (
            <div ref={blockBarRef} className="editor-block-bar" role="toolbar" aria-label={`${kindLabel(found.block.type)} block`}>
              <button type="button" onClick={() => store.duplicateBlock(found.block.id)}>
                Duplicate
              </button>
              <button type="button" onClick={() => store.copyBlock(found.block.id)}>
                Copy
              </button>
              <button type="button" onClick={() => store.bringForward(found.block.id)}>
                Bring forward
              </button>
              <button type="button" onClick={() => store.sendBack(found.block.id)}>
                Send back
              </button>
              <button type="button" onClick={() => store.deleteBlock(found.block.id)}>
                Delete
              </button>
              {device === 'phone' && found.block.layout.phone ? (
                <button type="button" onClick={() => store.resetPhoneBlock(found.block.id)}>
                  {editing.resetPhone}
                </button>
              ) : null}
            </div>
          ) : null}
          {writable && editingText ? <TextBar blockId={editingText} doc={doc} win={win} layout={`${revision}:${measured}:${device}`} /> : null}
        </div>
      ) : null}
      {ghost ? <div className="editor-ghost" style={style(ghost.rect)} /> : null}
      {writable && section ? (
        <div ref={barRef} className="editor-section-bar" role="toolbar" aria-label={`Section ${sectionIndex + 1}`}>
          <button type="button" disabled={sectionIndex === 0} onClick={() => store.moveSection(section.id, -1)}>
            Move section up
          </button>
          <button type="button" disabled={sectionIndex === sections.length - 1} onClick={() => store.moveSection(section.id, 1)}>
            Move section down
          </button>
          <button type="button" onClick={() => store.showSection(section.id)}>
            Section settings
          </button>
          {device === 'phone' && phoneEdited(section.blocks) ? (
            <button type="button" onClick={() => store.resetPhoneSection(section.id)}>
              {editing.resetPhoneSection}
            </button>
          ) : null}
          <button type="button" onClick={() => onAddSection(sectionIndex)}>
            Add section below
          </button>
          <button type="button" disabled={sections.length === 1} onClick={() => store.deleteSection(section.id)}>
            Delete section
          </button>
        </div>
      ) : null}
    </>
  );
}
