// @vitest-environment happy-dom
/**
 * The canvas renders what visitors get: each page of the demo site (every block kind among them)
 * rendered in the canvas and by the server's page renderer gives the same markup, block by block.
 *
 * On a page of 20 sections of 60 blocks (1,200), an action renders only the block it changes:
 * React's renders of each block are counted per action (deterministic, not timed).
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { Sections } from '../../blocks/sections-view';
import { siteDocumentSchema } from '../../blocks/site-document';
import { loadDocument } from '../../document/load';
import demoSite from '../../../sites/demo/site.json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_DEFINITIONS } from '../../blocks/definitions';
import { BLOCK_TYPES } from '../../domain/block-types';
import { BlockRenderCounter, CanvasSections, type CanvasSetup } from './canvas';
import { createEditorStore } from './store';
import type { EditorSection } from './document';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const hex = (n: number) => n.toString(16).padStart(24, '0');

function bigPage(): EditorSection[] {
  return Array.from({ length: 20 }, (_, s) => ({
    id: hex(100_000 + s),
    theme: 'white' as const,
    blocks: Array.from({ length: 60 }, (_, b) => {
      const n = s * 60 + b;
      const layout = { desktop: { x: (b % 6) * 4, y: Math.floor(b / 6) * 2, w: 4, h: 2 } };
      return n % 2 === 0
        ? {
            id: hex(n),
            type: BLOCK_TYPES.BUTTON,
            data: { buttonText: `Button ${n}`, clickthroughUrl: '/about', size: 'medium', alignment: 'left', newWindow: false, style: 'primary' },
            layout,
          }
        : { id: hex(n), type: BLOCK_TYPES.SPACER, data: { height: 2 }, layout };
    }),
  }));
}

/**
 * An element's markup with its attributes in name order (React sets an image's src last in the
 * browser) and an option's selectedness as it is (the server writes `selected`; the browser's React
 * sets the property).
 */
function canonical(node: Node): string {
  if (node.nodeType === 3) return JSON.stringify(node.textContent);
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  // What is for visitors without scripts: React's client never renders it, and the canvas runs scripts.
  if (el.tagName === 'NOSCRIPT') return '<noscript></noscript>';
  const isOption = el.tagName === 'OPTION';
  const attrs = [...el.attributes].filter((a) => !(isOption && a.name === 'selected')).map((a) => `${a.name}=${JSON.stringify(a.value)}`);
  if (isOption && (el as HTMLOptionElement).selected) attrs.push('selected');
  attrs.sort();
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${[...el.childNodes].map(canonical).join('')}</${el.tagName.toLowerCase()}>`;
}

const setup: CanvasSetup = { stylesheets: [], islands: {}, locale: 'en', ctx: { host: 'example.com', files: new Map(), featureFlags: [] } };

const demo = (() => {
  const loaded = loadDocument(structuredClone(demoSite), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.document;
})();
const demoCtx = { ...setup.ctx, files: new Map(demo.files.map((f) => [f.name, f])) };

// A test per page, so a page's renders are timed (and fail) on their own.
describe('the canvas', () => {
  it.each(demo.pages.map((page) => [page.path ?? page.title, page] as const))(
    'renders the demo page %s with the markup the server sends visitors, block by block',
    (_, page) => {
      const sections = page.sections as EditorSection[];
      const server = document.createElement('div');
      server.innerHTML = renderToStaticMarkup(<Sections sections={page.sections} ctx={demoCtx} />);
      const canvas = document.createElement('div');
      document.body.append(canvas);
      const root = createRoot(canvas);
      act(() => root.render(<CanvasSections store={createEditorStore(sections)} setup={{ ...setup, ctx: demoCtx }} doc={document} />));
      // Texts React's client writes as neighbouring text nodes are one, as in the server's markup.
      canvas.normalize();
      const blocks = (el: Element) => [...el.querySelectorAll('.block')].map((b) => [b.id, canonical(b)]);
      expect(blocks(canvas)).toEqual(blocks(server));
      act(() => root.unmount());
      canvas.remove();
    },
  );

  it('meets every kind the editor offers on some page of the demo site', () => {
    const kinds = new Set(demo.pages.flatMap((page) => page.sections.flatMap((s) => s.blocks.map((b) => b.type))));
    expect([...kinds].sort((a, b) => a - b)).toEqual(BLOCK_DEFINITIONS.map((d) => d.type).sort((a, b) => a - b));
  });
});

// Each test renders 1,200 blocks several times: a timeout of its own, for a loaded machine.
describe('the canvas on a 1,200-block page', { timeout: 30_000 }, () => {
  let container: HTMLElement;
  let root: ReturnType<typeof createRoot>;
  const renders = new Map<string, number>();
  const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  const render = (node: ReactNode) => act(() => root.render(<BlockRenderCounter.Provider value={count}>{node}</BlockRenderCounter.Provider>));

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    renders.clear();
  });

  it('renders every block once, then only the block whose field changed', () => {
    const store = createEditorStore(bigPage());
    render(<CanvasSections store={store} setup={setup} doc={document} />);
    expect(renders.size).toBe(1200);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    expect(container.querySelectorAll('.block')).toHaveLength(1200);

    renders.clear();
    const target = hex(610);
    expect(container.querySelector(`#block-${target}`)!.textContent).toContain('Button 610');
    act(() =>
      store.setBlockData(target, {
        buttonText: 'Book a class',
        clickthroughUrl: '/about',
        size: 'medium',
        alignment: 'left',
        newWindow: false,
        style: 'primary',
      }),
    );
    expect([...renders.keys()]).toEqual([target]);
    expect(container.querySelector(`#block-${target}`)!.textContent).toContain('Book a class');
  });

  it('renders only the moved, resized or duplicated block, nothing when a block is selected or deleted', () => {
    const store = createEditorStore(bigPage());
    render(<CanvasSections store={store} setup={setup} doc={document} />);
    const target = hex(5);
    const actions: [string, () => void, string[]][] = [
      ['select', () => store.select(target), []],
      ['move', () => store.nudge(target, 0, 1), [target]],
      ['resize', () => store.stretch(target, -1, 0), [target]],
      ['undo', () => store.undo(), [target]],
      ['redo', () => store.redo(), [target]],
    ];
    for (const [name, action, expected] of actions) {
      renders.clear();
      act(action);
      expect([...renders.keys()], name).toEqual(expected);
    }
    renders.clear();
    act(() => store.deleteBlock(hex(9)));
    expect([...renders.keys()]).toEqual([]);
    expect(container.querySelector(`#block-${hex(9)}`)).toBeNull();
    // The section has room for one again.
    renders.clear();
    let copy: string | undefined;
    act(() => {
      copy = store.duplicateBlock(hex(7));
    });
    expect(copy).toBeDefined();
    expect([...renders.keys()]).toEqual([copy]);
  });
});
