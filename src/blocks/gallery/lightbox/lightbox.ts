/**
 * The gallery lightbox (seed 001 §3, §4, §9), fetched on first open by ./loader.ts. A native modal
 * <dialog> (role dialog, aria-modal, named by the gallery's title, 'Gallery' by default): focus
 * moves to its close control, Tab stays inside, and closing returns focus to the slide that opened
 * it; the counter is announced (aria-live). The overlay fades in (0.3 s, to 0.95) before the content
 * and the close control; closing fades out, removes the dialog and clears the address. Desktop:
 * items fade over 0.6 s, the arrow keys (throttled 200 ms) and a click on either half outside the
 * 2 % edge margin move, looping; mobile (≤ 432 px): a horizontal scroller without loop, with a
 * caption toggle. The image itself does nothing when clicked; anything else not a control closes,
 * as does Escape. A video item shows its poster and loads its player only on the play control.
 *
 * Written here rather than configured from PhotoSwipe: see notes (lightbox.md, Decisions).
 */
import { LIGHTBOX } from '../../../domain/gallery';
import { hashWithItemId } from '../../../domain/gallery-index';
import { format } from '../../../messages/format';
import { gallery as galleryWords } from '../../../messages/gallery';
import { galleryBlock } from '../../../messages/gallery-block';
import { lightbox as words } from '../../../messages/lightbox';
import { videoBlock as videoWords } from '../../../messages/video-block';
import { clickAction, historySyncPath, inEditingBackend, itemFromSlide, lightboxMode, loops, stepIndex, throttleGate, type LightboxItem } from './model';
import { LIGHTBOX_CSS } from './style';

export type OpenOptions = {
  gallery: HTMLElement;
  slides: readonly HTMLElement[];
  index: number;
  /** Where focus returns on close. */
  opener: HTMLElement | null;
  onClosed: () => void;
};

const SVG_NS = 'http://www.w3.org/2000/svg';
const ICONS = { close: 'M6 6l12 12M18 6L6 18', previous: 'M15 5l-7 7 7 7', next: 'M9 5l7 7-7 7' } as const;

let sheet: CSSStyleSheet | undefined;
function adoptStyles() {
  if (sheet) return;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(LIGHTBOX_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

function icon(path: string, filled = false): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '22');
  svg.setAttribute('height', '22');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const p = document.createElementNS(SVG_NS, 'path');
  p.setAttribute('d', path);
  if (filled) p.setAttribute('fill', 'currentColor');
  else
    for (const [k, v] of Object.entries({ fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }))
      p.setAttribute(k, v);
  svg.append(p);
  return svg;
}

function button(className: string, label: string, path?: string): HTMLButtonElement {
  const b = el('button', className, { type: 'button', 'aria-label': label });
  if (path) b.append(icon(path));
  return b;
}

/** The page's canonical path: the collection's full URL that the address forms build on. */
function canonicalPath(): string | undefined {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return href ? new URL(href).pathname : undefined;
}

/** Can take focus now: shown, not in a hidden item. */
const focusable = (node: HTMLElement) =>
  !(node as HTMLButtonElement).disabled && node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';

export function openLightbox({ gallery, slides, index: start, opener, onClosed }: OpenOptions) {
  adoptStyles();
  const items: LightboxItem[] = slides.map((s) => itemFromSlide(s, s.querySelector('img')?.getAttribute('alt') ?? ''));
  const mode = lightboxMode(window.innerWidth);
  const loop = loops(mode);
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const title = gallery.dataset.lightboxTitle || galleryWords.lightboxDefaultTitle;
  const editing = inEditingBackend(gallery.ownerDocument, document, location.pathname);
  const historySync = gallery.dataset.historySync === 'true' && !editing;
  const collection = canonicalPath() ?? location.pathname;
  let index = Math.min(Math.max(0, start), items.length - 1);

  const dialog = el('dialog', `lightbox lightbox--${mode}`, { 'aria-modal': 'true', 'aria-label': title });
  const overlay = el('div', 'lightbox-overlay');
  const stage = el('div', 'lightbox-stage', mode === 'mobile' ? { tabindex: '0', 'aria-label': title } : {});
  const close = button('lightbox-close', words.close, ICONS.close);
  const previous = button('lightbox-arrow lightbox-previous', galleryBlock.previous, ICONS.previous);
  const next = button('lightbox-arrow lightbox-next', galleryBlock.next, ICONS.next);
  const bar = el('div', 'lightbox-bar');
  const counter = el('p', 'lightbox-counter', { 'aria-live': 'polite', 'aria-atomic': 'true' });
  bar.append(counter);
  const withMeta = items.some((item) => item.title || item.description);
  const captionToggle = mode === 'mobile' && withMeta ? button('lightbox-caption-toggle', words.caption) : undefined;
  if (captionToggle) {
    captionToggle.textContent = words.caption;
    captionToggle.removeAttribute('aria-label');
    captionToggle.setAttribute('aria-pressed', 'false');
    bar.append(captionToggle);
  }

  /** An item's media: its image (a video's poster, its source set when near), and a video's play control. */
  function mediaFor(item: LightboxItem, withSource: boolean): HTMLElement {
    const media = el('div', item.type === 'video' ? 'lightbox-media lightbox-media--video' : 'lightbox-media');
    if (item.type === 'video') media.style.aspectRatio = `100 / ${item.videoAspect}`;
    if (item.src) {
      const img = el('img', '', { alt: item.alt, decoding: 'async' });
      if (item.width && item.height) Object.assign(img, { width: item.width, height: item.height });
      if (withSource) img.src = item.src;
      media.append(img);
    }
    if (item.type === 'video') {
      const play = button('lightbox-play', format(videoWords.play, { title: item.title || videoWords.untitled }));
      play.append(icon('M9 6.5v11L18 12z', true));
      play.addEventListener('click', () => playVideo(media, item));
      media.append(play);
    }
    return media;
  }

  // One figure an item; its image is given its source only when it is current or next to it.
  const figures = items.map((item, i) => {
    const figure = el('figure', 'lightbox-item', { 'data-index': String(i) });
    figure.append(mediaFor(item, false));
    if (item.title || item.description) {
      const meta = el('figcaption', 'lightbox-meta');
      if (item.title) meta.append(Object.assign(el('h2', 'lightbox-title'), { textContent: item.title }));
      if (item.description) meta.append(Object.assign(el('p', 'lightbox-description'), { textContent: item.description }));
      figure.append(meta);
    }
    return figure;
  });
  stage.append(...figures);
  dialog.append(overlay, stage, previous, next, bar, close);

  /** Only now does a video's player come in, so nothing reaches its provider before the press. */
  function playVideo(media: HTMLElement, item: LightboxItem) {
    const name = item.title || videoWords.untitled;
    let player: HTMLIFrameElement | HTMLVideoElement;
    if (item.videoSrc) {
      player = el('iframe', 'lightbox-player', {
        src: item.videoSrc,
        allow: 'autoplay; fullscreen; picture-in-picture; encrypted-media',
        allowfullscreen: '',
        title: name,
      });
    } else if (item.videoFile) {
      player = el('video', 'lightbox-player', { src: item.videoFile, controls: '', autoplay: '', playsinline: '', title: name });
    } else {
      console.error(galleryWords.videoLoaderMissing);
      return;
    }
    media.replaceChildren(player);
    player.focus();
  }
  /** Seed 001 §4: a video item left returns to its poster (its player removed, so it stops). */
  function resetVideo(i: number) {
    const media = figures[i]!.querySelector('.lightbox-media');
    if (media?.querySelector('.lightbox-player')) media.replaceWith(mediaFor(items[i]!, true));
  }

  function loadAround(i: number) {
    for (const j of [i, i - 1, i + 1]) {
      const k = loop ? (j + items.length) % items.length : j;
      const img = figures[k]?.querySelector<HTMLImageElement>('.lightbox-media img');
      if (img && !img.getAttribute('src') && items[k]!.src) img.src = items[k]!.src;
    }
  }

  function writeAddress() {
    if (editing) return;
    const item = items[index]!;
    if (historySync)
      history.replaceState({ ...(history.state as object | null), itemId: item.url || item.id }, '', historySyncPath(collection, item) + location.search);
    else history.replaceState(history.state, '', location.pathname + location.search + hashWithItemId(location.hash, item.id));
  }
  function clearAddress() {
    if (editing) return;
    const hash = hashWithItemId(location.hash, undefined);
    // Back to the page's own address (a slide named in the path, or history sync's, is dropped too).
    history.replaceState(history.state, '', (canonicalPath() ?? location.pathname) + location.search + hash);
  }

  function render(scroll: 'instant' | 'smooth' | 'none') {
    const item = items[index]!;
    dialog.classList.toggle('lightbox--light', item.theme === 'light');
    dialog.classList.toggle('lightbox--dark', item.theme !== 'light');
    figures.forEach((figure, i) => {
      const current = i === index;
      figure.classList.toggle('lightbox-current', current);
      if (current) figure.removeAttribute('aria-hidden');
      else figure.setAttribute('aria-hidden', 'true');
      if (!current) resetVideo(i);
    });
    counter.textContent = format(galleryBlock.counter, { current: index + 1, total: items.length });
    previous.disabled = stepIndex(index, items.length, -1, loop) === undefined;
    next.disabled = stepIndex(index, items.length, 1, loop) === undefined;
    loadAround(index);
    if (mode === 'mobile' && scroll !== 'none')
      stage.scrollTo({ left: index * stage.clientWidth, behavior: scroll === 'smooth' && !still ? 'smooth' : 'auto' });
    writeAddress();
  }

  function go(direction: 1 | -1) {
    const to = stepIndex(index, items.length, direction, loop);
    if (to === undefined) return;
    // A disabled control that had focus would drop it to the document: keep it in the dialog.
    index = to;
    render('smooth');
    if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled) close.focus();
  }

  let closing = false;
  function shut() {
    if (closing) return;
    closing = true;
    dialog.classList.remove('lightbox--open');
    clearAddress();
    const done = () => {
      dialog.close();
      dialog.remove();
      document.documentElement.classList.remove('lightbox-shown');
      opener?.focus();
      onClosed();
    };
    if (still) done();
    else setTimeout(done, LIGHTBOX.OVERLAY_FADE_SECONDS * 1000);
  }

  close.addEventListener('click', shut);
  previous.addEventListener('click', () => go(-1));
  next.addEventListener('click', () => go(1));
  captionToggle?.addEventListener('click', () => {
    const shown = dialog.classList.toggle('lightbox--captions');
    captionToggle.setAttribute('aria-pressed', String(shown));
  });

  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (closing || target.closest('button')) return;
    const onContent = target.closest('.lightbox-media img, .lightbox-player, .lightbox-meta') !== null;
    const action = clickAction(onContent ? 'content' : 'background', event.clientX, window.innerWidth, mode);
    if (action === 'close') shut();
    else if (action === 'next') go(1);
    else if (action === 'previous') go(-1);
  });

  const arrows = throttleGate();
  dialog.addEventListener('keydown', (event) => {
    // The page's own key handlers (the slideshow's arrows) are not for keys pressed in the lightbox.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      shut();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      if (event.target instanceof HTMLVideoElement) return;
      event.preventDefault();
      if (arrows.pass(event.timeStamp)) go(event.key === 'ArrowRight' ? 1 : -1);
    } else if (event.key === 'Tab') {
      const stops = [...dialog.querySelectorAll<HTMLElement>('button, [tabindex="0"], iframe, video[controls]')].filter(focusable);
      if (stops.length === 0) return event.preventDefault();
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const to = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === -1 || at === stops.length - 1 ? 0 : at + 1;
      event.preventDefault();
      stops[to]!.focus();
    }
  });
  // The browser's own Escape handling of a modal dialog is ours (the fade and the address).
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    shut();
  });

  if (mode === 'mobile') {
    let settle: ReturnType<typeof setTimeout> | undefined;
    stage.addEventListener('scroll', () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const at = Math.round(stage.scrollLeft / (stage.clientWidth || 1));
        if (at !== index && at >= 0 && at < items.length && !closing) {
          index = at;
          render('none');
        }
      }, 100);
    });
  }

  document.body.append(dialog);
  document.documentElement.classList.add('lightbox-shown');
  dialog.showModal();
  render('instant');
  close.focus();
  // The next frame: the overlay's fade starts from its transparent state, the content after it.
  requestAnimationFrame(() => requestAnimationFrame(() => dialog.classList.add('lightbox--open')));
  return { close: shut };
}
