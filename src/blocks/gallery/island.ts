/**
 * The gallery's enhancement module: plain TypeScript over the server's markup (no framework, no
 * motion library: CSS transitions, transforms and smooth scrolling do the moving). Every gallery
 * loads its images as they come within the loader's margin (only slides carrying data-src,
 * data-image-dimensions and data-image-focal-point: seed 001 §5), through the image block's
 * throttled queue. The layouts that move (carousel, slideshow, slider) get their buttons, the
 * arrow keys, swipes and clicks, with every decision (refused in motion, clamp or wrap, the
 * disabled markers, which key, which touch, which drag) taken by the pure index rules
 * (src/domain/gallery-index.ts); autoplay pauses under the pointer or focus and never runs with
 * `nomotion=true` or for visitors who prefer reduced motion, who also get no animation. The address:
 * an itemId in the hash selects its slide, and with the history-hash setting the current slide is
 * written there.
 */
import { ACTIVE_SLIDE_CLASS, GALLERY_DEFAULTS, GALLERY_DESIGNS, LAZY_IMAGE_ATTRIBUTES, SLIDE_ATTRIBUTES } from '../../domain/gallery';
import {
  autoplayIntervalMs,
  autoplayMayAdvance,
  autoplayNextIndex,
  carouselGroups,
  controlsFor,
  hashWithItemId,
  itemIdFromHash,
  keyStep,
  newSwipeStep,
  noMotionRequested,
  requestIndex,
  requestStep,
  slideForItemId,
  stackedClickStep,
  stripClickTarget,
  touchStep,
  unknownDesignError,
  type IndexChange,
  type StackedClick,
  type StripCurrentClick,
} from '../../domain/gallery-index';
import { isMobileWidth } from '../../domain/design-tokens';
import { IMAGE_LOADER } from '../../domain/media';
import { format } from '../../messages/format';
import { galleryBlock as words } from '../../messages/gallery-block';
import { load } from '../image/island';

/** The seed's key codes (37, 39) by the key names browsers give now. */
const KEY_CODES: Readonly<Record<string, number>> = { ArrowLeft: 37, ArrowRight: 39 };

/** Galleries already bound: a container is enhanced once (seed 001 §5). */
const bound = new WeakSet<HTMLElement>();

/** How long a move counts as in motion, by layout and transition (seed 001 §9: stacked speed 1 s, slides 0.5 s). */
function motionMs(layout: string, transition: string): number {
  if (layout !== 'stacked') return 500;
  return transition === 'fade' || transition === 'ken-burns' ? 1000 : 500;
}

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Seed 001 §5: the gallery loads lazily only images whose slide has all three attributes. */
function lazyLoad(gallery: HTMLElement) {
  const waiting = [...gallery.querySelectorAll<HTMLElement>('.gallery-slide')].filter((slide) => LAZY_IMAGE_ATTRIBUTES.every((a) => slide.hasAttribute(a)) && slide.querySelector('img[data-src]'));
  if (waiting.length === 0) return;
  const start = (slide: Element) => {
    const img = slide.querySelector<HTMLImageElement>('img[data-src]');
    if (img) load(img);
  };
  if (!('IntersectionObserver' in window)) return waiting.forEach(start);
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        start(entry.target);
      }
    },
    { rootMargin: `${IMAGE_LOADER.LAZY_MARGIN_PX}px` },
  );
  for (const slide of waiting) io.observe(slide);
}

export default function enhance(root: HTMLElement) {
  const found = root.matches('.gallery') ? root : root.querySelector<HTMLElement>('.gallery');
  if (!found || bound.has(found)) return;
  const gallery: HTMLElement = found;
  bound.add(gallery);
  const design = gallery.dataset.design ?? '';
  if (!(GALLERY_DESIGNS as readonly string[]).includes(design)) {
    console.error(unknownDesignError(design));
    return;
  }
  lazyLoad(gallery);
  const layout = gallery.dataset.layout ?? '';
  if (layout !== 'stacked' && layout !== 'strip' && layout !== 'carousel') return;
  const list = gallery.querySelector<HTMLElement>('.gallery-slides');
  const slides = [...gallery.querySelectorAll<HTMLElement>('.gallery-slide')];
  if (!list || slides.length === 0) return;
  gallery.classList.add('gallery-enhanced');

  const still = noMotionRequested(location.search) || matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (still) gallery.classList.add('gallery-still');
  const loop = gallery.dataset.loop === 'true';
  const transition = gallery.dataset.transition ?? 'fade';
  const previous = gallery.querySelector<HTMLButtonElement>('.gallery-previous');
  const next = gallery.querySelector<HTMLButtonElement>('.gallery-next');
  const counter = gallery.querySelector<HTMLElement>('.gallery-current');
  const carousel = layout === 'carousel';

  /** The carousel's slides per row as its page rules say for this window. */
  const perRow = () => Math.max(1, Number(getComputedStyle(gallery).getPropertyValue('--gallery-per-row')) || Number(gallery.dataset.perRow) || 1);
  /** What the index counts: slides, or the carousel's groups. */
  const count = () => (carousel ? carouselGroups(slides.length, perRow()) : slides.length);
  let index = 0;
  let inMotion = false;
  let motionTimer: ReturnType<typeof setTimeout> | undefined;

  const scrollBehavior = (): ScrollBehavior => (still ? 'auto' : 'smooth');
  function place(instant: boolean) {
    if (carousel) {
      const first = slides[Math.min(slides.length - 1, index * perRow())]!;
      list!.scrollTo({ left: first.offsetLeft - list!.offsetLeft, behavior: instant ? 'auto' : scrollBehavior() });
    } else if (layout === 'strip') {
      const slide = slides[index]!;
      const share = gallery.dataset.alignment === 'start' ? 0 : gallery.dataset.alignment === 'end' ? 1 : 0.5;
      list!.scrollTo({ left: slide.offsetLeft - list!.offsetLeft - (list!.clientWidth - slide.offsetWidth) * share, behavior: instant ? 'auto' : scrollBehavior() });
    }
  }

  function render(instant: boolean) {
    const active = carousel ? index * perRow() : index;
    slides.forEach((slide, i) => {
      slide.classList.toggle(ACTIVE_SLIDE_CLASS, i === active);
      slide.classList.toggle('gallery-before', i < active);
      if (layout === 'stacked') {
        if (i === active) slide.removeAttribute('aria-hidden');
        else slide.setAttribute('aria-hidden', 'true');
      }
    });
    const marks = controlsFor({ index, count: count(), loop: carousel ? false : loop });
    if (previous) previous.disabled = marks.previous;
    if (next) next.disabled = marks.next;
    if (counter) counter.textContent = format(words.counter, { current: index + 1, total: slides.length });
    place(instant);
  }

  /** Applies an accepted change: the index, the motion window, the address when asked for. */
  function apply(change: IndexChange | undefined, instant = false) {
    if (!change?.accepted || !change.changed) return;
    index = change.index;
    if (!instant && !still) {
      inMotion = true;
      // Marked on the gallery too, for styles and for whoever waits for the move to end.
      gallery.setAttribute('data-in-motion', '');
      clearTimeout(motionTimer);
      motionTimer = setTimeout(() => {
        inMotion = false;
        gallery.removeAttribute('data-in-motion');
      }, motionMs(layout, transition));
    }
    render(instant);
    if (gallery.dataset.historyHash === 'true' && !carousel) {
      const id = slides[index]!.getAttribute(SLIDE_ATTRIBUTES.ID) ?? undefined;
      history.replaceState(history.state, '', hashWithItemId(location.hash, id));
    }
  }
  const state = () => ({ index, count: count(), loop: carousel ? false : loop, inMotion });
  const step = (direction: 'forward' | 'reverse') => apply(requestStep(state(), direction));

  previous?.addEventListener('click', () => step('reverse'));
  next?.addEventListener('click', () => step('forward'));

  // Keys (seed 001 §3, §4): 37 and 39 anywhere on the page while the gallery is on screen.
  let inViewport = false;
  if ('IntersectionObserver' in window) new IntersectionObserver((entries) => (inViewport = entries.some((e) => e.isIntersecting))).observe(gallery);
  document.addEventListener('keydown', (event) => {
    const direction = keyStep({ keyCode: KEY_CODES[event.key] ?? 0, inMotion, editableTarget: editable(event.target), inViewport, linkedChild: false, keyboard: true });
    if (!direction) return;
    event.preventDefault();
    step(direction);
  });

  // Touch (seed 001 §4): a swipe steps; new-swipe drags the slide and decides at release.
  let touch: { x: number; y: number; t: number; lastX: number; lastT: number; v: number } | undefined;
  const dragging = layout === 'stacked' && transition === 'new-swipe' && !still;
  list.addEventListener(
    'touchstart',
    (event) => {
      const p = event.touches[0];
      if (!p || event.touches.length > 1) return (touch = undefined);
      touch = { x: p.clientX, y: p.clientY, t: event.timeStamp, lastX: p.clientX, lastT: event.timeStamp, v: 0 };
    },
    { passive: true },
  );
  list.addEventListener(
    'touchmove',
    (event) => {
      const p = event.touches[0];
      if (!touch || !p) return;
      const dt = event.timeStamp - touch.lastT;
      if (dt > 0) touch.v = (p.clientX - touch.lastX) / dt;
      touch.lastX = p.clientX;
      touch.lastT = event.timeStamp;
      if (dragging && !inMotion) {
        gallery.classList.add('gallery-dragging');
        const dx = p.clientX - touch.x;
        slides[index]!.style.transform = `translateX(${dx}px)`;
      }
    },
    { passive: true },
  );
  list.addEventListener('touchend', (event) => {
    const p = event.changedTouches[0];
    if (!touch || !p) return;
    const dx = p.clientX - touch.x;
    const dy = p.clientY - touch.y;
    if (dragging) {
      gallery.classList.remove('gallery-dragging');
      slides[index]!.style.transform = '';
      const direction = newSwipeStep(dx, list.clientWidth, touch.v);
      if (direction) step(direction);
    } else {
      const direction = touchStep(dx, dy, event.timeStamp - touch.t);
      if (direction) step(direction);
    }
    if (Math.abs(dx) > 1) swiped = event.timeStamp;
    touch = undefined;
  });
  let swiped = -Infinity;

  // Clicks on slides (seed 001 §4): the slideshow steps as its click setting says; the slider makes the slide current.
  list.addEventListener('click', (event) => {
    const slide = (event.target as Element).closest<HTMLElement>('.gallery-slide');
    if (!slide || slide.hasAttribute(SLIDE_ATTRIBUTES.CLICK_THROUGH_URL) || event.timeStamp - swiped < 400) return;
    if (layout === 'stacked') {
      const box = slide.getBoundingClientRect();
      const direction = stackedClickStep((gallery.dataset.click ?? 'next') as StackedClick, event.clientX - box.left, box.width, slide.getAttribute(SLIDE_ATTRIBUTES.TYPE) === 'video');
      if (direction) step(direction);
    } else if (layout === 'strip') {
      apply(stripClickTarget(slides.indexOf(slide), state(), (gallery.dataset.currentClick ?? 'none') as StripCurrentClick));
    }
  });

  // The carousel can also be scrolled by hand (a trackpad): its group follows where it comes to rest.
  if (carousel) {
    let settle: ReturnType<typeof setTimeout> | undefined;
    list.addEventListener('scroll', () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const width = list.clientWidth || 1;
        const group = Math.min(count() - 1, Math.round(list.scrollLeft / width));
        if (group !== index && !inMotion) {
          index = group;
          render(true);
        }
      }, 150);
    });
  }

  // Autoplay (seed 001 §2, §4, §9): off with nomotion=true or reduced motion; paused under the pointer (not on a phone) or focus.
  if (gallery.dataset.autoplay === 'true' && !still) {
    const every = autoplayIntervalMs(gallery.dataset.autoplayDuration ? Number(gallery.dataset.autoplayDuration) : undefined, GALLERY_DEFAULTS.autoplayTimeoutMs);
    let hovering = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const held = gallery.contains(document.activeElement);
      if (autoplayMayAdvance({ hovering: hovering || held, mobile: isMobileWidth(window.innerWidth), videoShowing: false, motionRefused: false })) {
        apply(requestIndex(state(), autoplayNextIndex(index, count(), false)));
      }
      timer = setTimeout(tick, every);
    };
    timer = setTimeout(tick, every);
    gallery.addEventListener('mouseenter', () => (hovering = true));
    gallery.addEventListener('mouseleave', () => {
      hovering = false;
      clearTimeout(timer);
      timer = setTimeout(tick, GALLERY_DEFAULTS.autoplayResumeMs);
    });
  }

  // The address (seed 001 §2): an itemId in the hash selects its slide, matched by id or url.
  const fromHash = () => {
    const found = slideForItemId(
      itemIdFromHash(location.hash),
      slides.map((s) => ({ id: s.getAttribute(SLIDE_ATTRIBUTES.ID) ?? '', url: s.getAttribute(SLIDE_ATTRIBUTES.URL) ?? undefined })),
    );
    if (found === undefined) return false;
    const target = carousel ? Math.floor(found / perRow()) : found;
    apply(requestIndex({ ...state(), inMotion: false }, target), true);
    return true;
  };
  if (fromHash()) gallery.scrollIntoView({ block: 'center' });
  window.addEventListener('hashchange', () => void fromHash());
  render(true);
}
