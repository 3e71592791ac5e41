// @vitest-environment happy-dom
/**
 * The gallery panel's video field: a Vimeo, YouTube, Wistia or Animoto address adds a video slide
 * (its poster and title come at save time); any other address is refused with the seed's
 * 'Invalid video embed.' and adds nothing; a saved address of no known provider is named.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { GalleryPanel } from './editor-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function mount(data: Record<string, unknown>, changes: Record<string, unknown>[]) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<GalleryPanel data={data} files={new Map()} writable onChange={(next) => changes.push(next)} LibraryImageButton={() => null} />));
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const byLabel = (text: string) => {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent === text)!;
  return host.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
};
const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('the gallery panel', () => {
  it('adds a video by its address, and refuses one of no known provider with the seed’s message', () => {
    const changes: Record<string, unknown>[] = [];
    mount({ images: [{ src: '/s/a.jpg', alt: 'A' }] }, changes);
    const input = byLabel('Video address');
    expect(input.getAttribute('aria-describedby')).toContain('-hint');
    type(input, 'https://example.com/film');
    act(() => button('Add the video').click());
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Invalid video embed.');
    expect(changes).toEqual([]);
    type(input, 'https://vimeo.com/76979871');
    act(() => button('Add the video').click());
    expect(changes).toEqual([
      {
        images: [
          { src: '/s/a.jpg', alt: 'A' },
          { src: '', alt: '', video: 'https://vimeo.com/76979871' },
        ],
      },
    ]);
    expect(host.querySelector('[role="status"]')!.textContent).toBe('Video added at position 2. Save to fetch its title and poster.');
  });

  it('names saved video addresses of no known provider, and asks no alternative text of a video', () => {
    mount(
      {
        images: [
          { src: '', alt: '', video: 'https://example.com/film' },
          { src: '/s/p.jpg', alt: '', videoFile: '/s/c.mp4' },
        ],
      },
      [],
    );
    expect(host.textContent).toContain('left out of the page: positions 1.');
    expect(host.textContent).not.toContain('Images without alternative text');
  });
});
