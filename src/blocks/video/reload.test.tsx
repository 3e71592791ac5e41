// @vitest-environment happy-dom
/**
 * Seed 001 §4: a video mode change reloads it. Re-rendered with another mode (the editor's canvas
 * does this when the owner changes Sizing), the block's player is rebuilt: a new box, back to its
 * poster, without the frame that was playing; the same mode keeps the player as it is.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RenderContext } from '../types';
import { videoData } from './schema';
import { VideoView } from './view';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ctx: RenderContext = { host: 'shop.example', files: new Map(), featureFlags: [] };
const URL_1 = 'https://vimeo.com/76979871';
const data = (mode: string, caption?: string) =>
  videoData.parse({ url: URL_1, mode, ...(caption ? { caption } : {}), embed: { url: URL_1, provider: 'vimeo', title: 'Glazing', poster: '/s/glaze.jpg' } });

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
const render = (mode: string, caption?: string) =>
  act(() => root.render(<VideoView id="b1" data={data(mode, caption)} ctx={ctx} columns={12} priority={false} />));
/** What the island does on play: the provider's frame (a stand-in here: the test loads no page) goes into the box. */
const play = (box: Element) => {
  box.insertAdjacentHTML('beforeend', '<div class="video-frame" title="Glazing"></div>');
  box.classList.add('is-playing');
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('a video’s mode', () => {
  // covers 001-4.64
  it('rebuilds the player when it changes, and keeps a playing one when something else changes', () => {
    render('fit');
    const playing = container.querySelector('.video-box')!;
    play(playing);
    render('fit', 'At the wheel');
    expect(container.querySelector('.video-box')).toBe(playing);
    expect(container.querySelector('.video-frame')).not.toBeNull();

    render('fill', 'At the wheel');
    const rebuilt = container.querySelector('.video-box')!;
    expect(rebuilt).not.toBe(playing);
    expect(rebuilt.isConnected && !playing.isConnected).toBe(true);
    expect(container.querySelector('.video-frame')).toBeNull();
    expect(rebuilt.classList.contains('is-playing')).toBe(false);
    expect(container.querySelector('.block-video')!.className).toBe('block-video video-mode-fill');
    expect(container.querySelector('img.video-poster')!.getAttribute('src')).toBe('/s/glaze.jpg');
  });
});
