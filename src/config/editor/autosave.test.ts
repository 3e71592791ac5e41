// @vitest-environment happy-dom
/**
 * Autosave takes back what the server completed while saving: a video block saved with a new
 * address comes back with its embed and poster (looked up at save time), and the canvas shows it
 * without a reload, with no new step and no new save; a block changed again meanwhile keeps the
 * owner's newer data.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_TYPES } from '../../domain/block-types';
import { createAutosave, type SaveStatus } from './autosave';
import { createEditorStore } from './store';
import type { EditorSection } from './document';

const BLOCK = 'a'.repeat(24);
const URL_1 = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const embed = { url: URL_1, provider: 'youtube', title: 'Throwing a vase', width: 640, height: 360, poster: '/s/youtube-dQw4w9WgXcQ-poster.jpg' };
const page = (): EditorSection[] => [
  {
    id: 'b'.repeat(24),
    theme: 'white',
    blocks: [{ id: BLOCK, type: BLOCK_TYPES.VIDEO, data: { mode: 'fit', aspect: 'video' }, layout: { desktop: { x: 0, y: 0, w: 12, h: 8 } } }],
  },
];

/** The server's PUT …/draft: saves whatever it is sent and hands back the video block with its embed. */
function fakeServer(answerDelay: Promise<void> = Promise.resolve()) {
  const saves: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { sections: EditorSection[] };
    saves.push(body.sections);
    await answerDelay;
    const data = body.sections[0]!.blocks[0]!.data;
    const filled = data.url === URL_1 && !data.embed ? [{ id: BLOCK, data: { ...data, embed } }] : undefined;
    return new Response(JSON.stringify({ version: saves.length + 1, savedAt: new Date().toISOString(), ...(filled ? { filled } : {}) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return saves;
}

afterEach(() => vi.restoreAllMocks());

describe('autosave', () => {
  it('shows the data the server completed at save time, with no new step and no second save', async () => {
    const saves = fakeServer();
    const store = createEditorStore(page());
    const statuses: SaveStatus[] = [];
    const saver = createAutosave({
      store,
      site: 'demo',
      target: { kind: 'page', id: 'c'.repeat(24) },
      version: 1,
      onStatus: (s) => statuses.push(s),
      delay: 0,
    });
    store.setBlockData(BLOCK, { mode: 'fit', aspect: 'video', url: URL_1 });
    const steps = store.getState().past.length;
    expect(await saver.flush()).toBe(true);
    expect(store.getState().doc.sections[0]!.blocks[0]!.data.embed).toEqual(embed);
    expect(store.getState().past.length).toBe(steps);
    expect(statuses.at(-1)?.state).toBe('saved');
    await new Promise((r) => setTimeout(r, 20));
    expect(saves).toHaveLength(1);
    saver.stop();
  });

  it('keeps the owner’s newer data when the block changed while the save was on its way', async () => {
    let release!: () => void;
    const saves = fakeServer(new Promise<void>((r) => (release = r)));
    const store = createEditorStore(page());
    const saver = createAutosave({ store, site: 'demo', target: { kind: 'page', id: 'c'.repeat(24) }, version: 1, onStatus: () => {}, delay: 60_000 });
    store.setBlockData(BLOCK, { mode: 'fit', aspect: 'video', url: URL_1 });
    const first = saver.flush();
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    store.setBlockData(BLOCK, { mode: 'fill', aspect: 'video', url: URL_1 });
    release();
    await first;
    expect(store.getState().doc.sections[0]!.blocks[0]!.data).toEqual({ mode: 'fill', aspect: 'video', url: URL_1 });
    saver.stop();
  });
});
