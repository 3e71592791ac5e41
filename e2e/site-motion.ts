/**
 * What the site animation and anchor scrolling tests set up, through the product's own calls: the
 * site design's animation and sticky header, saved and published as the Design screen does; and a
 * page whose first block links to a block far below it (`#block-{id}`, the id every block's frame
 * carries), with room to scroll past.
 */
import { expect, vi } from 'vitest';
import type { DesignAnswer } from '../src/contracts/design';
import type { DocumentPage, TestSite } from './harness';
import { ownerApi, visitorApi } from './harness';

export type MotionDesign = { animation: 'none' | 'fade' | 'scale' | 'slide'; stickyHeader: boolean };

let changes = 0;

/**
 * Saves the design with `design`'s animation and sticky header as the draft and publishes it, then
 * waits until a visitor's page at `path` is rendered with it: it carries the animation island with
 * that kind (or none) and links a stylesheet with (or without) the sticky header's rule.
 */
export async function publishDesign(site: TestSite, design: MotionDesign, path: string): Promise<void> {
  const api = await ownerApi(site);
  const { draft } = await api.call<DesignAnswer>('GET', '/api/config/design');
  const saved = await api.call<{ version: number }>('PUT', '/api/config/design/draft', {
    baseVersion: draft.version,
    changeId: `motion-${site.tag}-${++changes}`,
    design: { ...draft.design, ...design },
  });
  await api.call('POST', '/api/config/design/publish', { version: saved.version });
  const visitor = await visitorApi(site);
  try {
    // In a test or a hook alike (expect.poll is for tests only).
    await vi.waitFor(
      async () => {
        const html = await (await visitor.http.get(path)).text();
        const sheet = /<link rel="stylesheet" href="(\/fonts\/[^"]+\.css)"/.exec(html)?.[1];
        const css = sheet ? await (await visitor.http.get(sheet)).text() : '';
        const rendered = {
          animation: /data-island="motion"[^>]*data-animation="([a-z]+)"/.exec(html)?.[1] ?? 'none',
          stickyHeader: css.includes('position: sticky'),
        };
        expect(rendered).toEqual(design);
      },
      { timeout: 15_000, interval: 100 },
    );
  } finally {
    await visitor.http.dispose();
  }
}

const text = (heading: string, paragraph: { text: string; href?: string }) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { textAlign: null, level: 2 }, content: [{ type: 'text', text: heading }] },
    {
      type: 'paragraph',
      attrs: { textAlign: null },
      content: [
        { type: 'text', text: paragraph.text, ...(paragraph.href ? { marks: [{ type: 'link', attrs: { href: paragraph.href, target: null } }] } : {}) },
      ],
    },
  ],
});

/** Ids of the page's blocks: 24 hex digits, as the document's are. */
const blockId = (n: number, seed: number) => `${seed.toString(16).padStart(2, '0')}${'c0'.repeat(10)}${n.toString(16).padStart(2, '0')}`;

/**
 * A page at `path`: its heading and a link, "Go to the studio notes", at the top; a tall spacer;
 * the "Studio notes" block the link targets; another spacer; a "Kiln notes" block; and a last
 * spacer, so the window can scroll the targets to its top. Answers the page and the target's frame id.
 */
export function anchorPage(path: string, seed: number): { page: DocumentPage; targetId: string } {
  const id = (n: number) => blockId(n, seed);
  const at = (y: number, h: number) => ({ desktop: { x: 0, y, w: 24, h } });
  const spacer = (n: number, y: number) => ({ id: id(n), type: 21, data: {}, layout: at(y, 60) });
  const page = {
    id: id(0),
    pageType: 2,
    path,
    title: 'Motion',
    status: 1,
    seo: {},
    sections: [
      {
        id: id(1),
        theme: 'white',
        blocks: [
          { id: id(2), type: 2, data: { text: text('Motion on the page', { text: 'Go to the studio notes', href: `#block-${id(4)}` }) }, layout: at(0, 4) },
          spacer(3, 4),
          { id: id(4), type: 2, data: { text: text('Studio notes', { text: 'Where the kiln lives.' }) }, layout: at(64, 4) },
          spacer(5, 68),
          { id: id(6), type: 2, data: { text: text('Kiln notes', { text: 'Fired on Thursdays.' }) }, layout: at(128, 4) },
          spacer(7, 132),
        ],
      },
    ],
  };
  return { page, targetId: `block-${id(4)}` };
}
