/**
 * The canvas: the page being edited, in a frame of its own with the site's stylesheet and the
 * layout grid's, its blocks rendered in the browser by the same views and frames visitors get
 * (src/blocks/sections-view.tsx), islands included for the kinds that run in the canvas. Each block
 * is memoised on its data: immer keeps every untouched block the same object, so an edit renders
 * that block alone. The interaction layer (./overlay.tsx) draws over it.
 *
 * The frame has no address: its document is this page's own (the config area's origin and CSP), so
 * the layout rules go in through a constructed stylesheet, which the CSP allows, and the frame's
 * document is reachable for measuring and events. While editing, the page does nothing a visitor's
 * click would do (links, forms): a click selects. The site's header and footer stand around the
 * page, dimmed and out of reach, so it is designed where visitors will see it.
 */
import { Component, createContext, memo, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { blockDefinition } from '../../blocks/definitions';
import { layoutCss, readingOrder } from '../../blocks/layout-css';
import { BlockFrame, SectionFrame } from '../../blocks/sections-view';
import type { RenderContext } from '../../blocks/types';
import type { StoredBlock } from '../../document/schema';
import { editing } from '../../messages/editing';
import { format } from '../../messages/format';
import { useEditor, type EditorStore } from './store';
import type { EditorBlock, EditorSection } from './document';

/** What the canvas needs from the server: the site's stylesheet, its island chunks, and what views read. */
export type CanvasSetup = {
  stylesheets: readonly string[];
  /** Island chunk by block kind, for the kinds whose behaviour runs in the canvas. */
  islands: Readonly<Record<string, string>>;
  ctx: RenderContext;
  locale: string;
  /** The site's header and footer, server-rendered as published pages carry them. */
  siteFrame?: { header: string; footer: string };
};

/** For tests: called once per block render, to count which blocks an action renders again. */
export const BlockRenderCounter = createContext<((blockId: string) => void) | undefined>(undefined);

/**
 * Words edited in place (./text-editing.tsx): the block being edited renders this instead of its
 * view. Stable for the editor's life, so no block renders again when editing moves to another.
 */
export const CanvasText = createContext<{ store: EditorStore; render: (block: EditorBlock) => ReactNode } | undefined>(undefined);

const nothing = () => () => undefined;

type Islands = Readonly<Record<string, string>>;

/** A number per data object: a block gets fresh markup (and its island a fresh start) whenever its data changes. */
const serials = new WeakMap<object, number>();
let nextSerial = 0;
const serialOf = (data: object) => {
  let serial = serials.get(data);
  if (serial === undefined) serials.set(data, (serial = ++nextSerial));
  return serial;
};

/** Wakes a block's island on its markup in the frame: once it is there, and again on fresh markup. */
function useIsland(frameId: string, url: string | undefined, doc: Document, serial: number) {
  useEffect(() => {
    const el = url ? doc.getElementById(frameId) : null;
    if (!url || !el) return;
    let cancelled = false;
    // As the site's loader does: every element of the block that names an island is woken (the frame, and a view's own element).
    const targets = [el, ...el.querySelectorAll<HTMLElement>('[data-island]')].filter((t) => t.dataset.island);
    void import(/* @vite-ignore */ url).then((mod: { default?: (el: HTMLElement) => void }) => {
      if (cancelled) return;
      for (const target of targets) mod.default?.(target);
    });
    return () => {
      cancelled = true;
    };
  }, [frameId, url, doc, serial]);
}

/**
 * A block whose data a view cannot show yet (a setting half typed) shows why in its place; the rest
 * of the canvas goes on. Its data changing gives it a fresh try.
 */
class BlockBoundary extends Component<{ id: string; kind: string; label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={`block block-${this.props.kind}-frame`} id={`block-${this.props.id}`}>
        <p className="editor-block-problem">{format(editing.blockCannotShow, { kind: this.props.label })}</p>
      </div>
    );
  }
}

const CanvasBlock = memo(function CanvasBlock({
  block,
  ctx,
  priority,
  islands,
  doc,
}: {
  block: EditorBlock;
  ctx: RenderContext;
  priority: boolean;
  islands: Islands;
  doc: Document;
}) {
  useContext(BlockRenderCounter)?.(block.id);
  const text = useContext(CanvasText);
  const editingThis = useSyncExternalStore(text?.store.subscribe ?? nothing, () => text?.store.getState().editingText === block.id);
  const def = blockDefinition(block.type);
  const islandUrl = def?.island?.canvas ? islands[def.kind] : undefined;
  const serial = serialOf(block.data);
  useIsland(`block-${block.id}`, islandUrl, doc, islandUrl ? serial : 0);
  if (editingThis && text) {
    return (
      <div className={`block block-${def?.kind ?? 'unknown'}-frame`} id={`block-${block.id}`}>
        {text.render(block)}
      </div>
    );
  }
  return (
    <BlockBoundary key={serial} id={block.id} kind={def?.kind ?? 'unknown'} label={def?.label ?? 'Block'}>
      <BlockFrame block={block as unknown as StoredBlock} ctx={ctx} priority={priority} />
    </BlockBoundary>
  );
});

const CanvasSection = memo(function CanvasSection({
  section,
  ctx,
  first,
  islands,
  doc,
}: {
  section: EditorSection;
  ctx: RenderContext;
  first: boolean;
  islands: Islands;
  doc: Document;
}) {
  return (
    <SectionFrame section={section}>
      {readingOrder(section.blocks).map((block) => (
        <CanvasBlock key={block.id} block={block} ctx={ctx} priority={first} islands={islands} doc={doc} />
      ))}
    </SectionFrame>
  );
});

/** The page's sections: each section memoised on its object, each block on its own. */
export function CanvasSections({ store, setup, doc }: { store: EditorStore; setup: CanvasSetup; doc: Document }) {
  const sections = useEditor(store, (s) => s.doc.sections);
  return (
    <>
      {sections.map((section, index) => (
        <CanvasSection key={section.id} section={section} ctx={setup.ctx} first={index === 0} islands={setup.islands} doc={doc} />
      ))}
    </>
  );
}

/** The sections in the frame; the layout stylesheet follows the document. */
function CanvasPage({ store, setup, doc, sheet }: { store: EditorStore; setup: CanvasSetup; doc: Document; sheet: CSSStyleSheet }) {
  const sections = useEditor(store, (s) => s.doc.sections);
  const written = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    // A block whose data a rule cannot read yet (a setting half typed) keeps the last good stylesheet.
    try {
      const css = layoutCss(sections);
      // Most edits (typing, a field) leave the layout as it was: the sheet is parsed again only when it changes.
      if (css !== written.current) sheet.replaceSync(css);
      written.current = css;
    } catch {
      /* kept as it was */
    }
  }, [sections, sheet]);
  return <CanvasSections store={store} setup={setup} doc={doc} />;
}

/**
 * The site's header or footer around the page, so a page is designed in context: dimmed, and inert
 * (no click, no focus, nothing a screen reader walks into), as it is edited elsewhere. The markup
 * is the server's rendering of the site's own settings; scripts put in this way never run.
 */
function siteFramePart(doc: Document, html: string): HTMLElement {
  const part = doc.createElement('div');
  part.className = 'editor-site-frame';
  part.inert = true;
  part.innerHTML = html;
  return part;
}

/** The frame's document made ready: the site's stylesheets, the layout sheet, and the elements React renders into. */
function prepareFrame(frame: HTMLIFrameElement, setup: CanvasSetup, overlayCss: string, withSiteFrame: boolean) {
  const doc = frame.contentDocument!;
  const win = frame.contentWindow! as Window & typeof globalThis;
  doc.documentElement.lang = setup.locale;
  for (const href of setup.stylesheets) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(href, window.location.href).href;
    doc.head.append(link);
  }
  const layout = new win.CSSStyleSheet();
  const overlay = new win.CSSStyleSheet();
  overlay.replaceSync(overlayCss);
  doc.adoptedStyleSheets = [layout, overlay];
  doc.body.className = 'editor-canvas-body';
  const main = doc.createElement('main');
  main.id = 'content';
  main.className = 'page';
  const layer = doc.createElement('div');
  layer.className = 'editor-layer';
  const around = withSiteFrame ? setup.siteFrame : undefined;
  if (around) doc.body.replaceChildren(siteFramePart(doc, around.header), main, siteFramePart(doc, around.footer), layer);
  else doc.body.replaceChildren(main, layer);
  return { doc, main, layer, layout };
}

export type CanvasFrame = { doc: Document; win: Window; main: HTMLElement; layer: HTMLElement };

export function Canvas({
  store,
  setup,
  overlayCss,
  width,
  renderLayer,
  onFrame,
  withSiteFrame = false,
}: {
  store: EditorStore;
  setup: CanvasSetup;
  overlayCss: string;
  /** The frame's width in CSS pixels (a device view), or undefined for the full width. */
  width?: number;
  /** The interaction layer, rendered into the frame above the page. */
  renderLayer: (frame: CanvasFrame) => ReactNode;
  onFrame?: (frame: CanvasFrame) => void;
  /** Shows the site's header and footer around the page (the editor does; the history's comparisons do not). */
  withSiteFrame?: boolean;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState<(CanvasFrame & { layout: CSSStyleSheet }) | undefined>();
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame?.contentDocument) return;
    const prepared = prepareFrame(frame, setup, overlayCss, withSiteFrame);
    const value = { ...prepared, win: frame.contentWindow! };
    setReady(value);
    onFrame?.(value);
    // The frame is made once per page: its setup does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const page = ready ? <CanvasPage store={store} setup={setup} doc={ready.doc} sheet={ready.layout} /> : null;
  return (
    <>
      <iframe ref={ref} className="editor-canvas" title={editing.canvasTitle} style={width ? { width: `${width}px` } : undefined} />
      {ready ? createPortal(page, ready.main) : null}
      {ready ? createPortal(renderLayer(ready), ready.layer) : null}
    </>
  );
}
