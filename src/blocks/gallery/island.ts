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
 * written there. Video slides play in place on their play control (./slide-media.ts), with no
 * request to a provider before (seed 001 §4: one video at a time, stopped when its slide is left,
 * autoplay held meanwhile);
 * a slideshow's thumbnail strip is a linked gallery kept at its index; new-swipe drags show the
 * neighbour and settle in 0.2–0.5 s; a resize is a resizing state ending 100 ms after the last
 * (the motion rules: src/domain/gallery-motion.ts).
 */
import { ACTIVE_SLIDE_CLASS, defaultAutoplayMs, GALLERY_DEFAULTS, GALLERY_DESIGNS, SLIDE_ATTRIBUTES } from '../../domain/gallery';
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
  syncLinked,
  stripClickTarget,
  touchStep,
  unknownDesignError,
  unknownTransitionError,
  type IndexChange,
  type StackedClick,
  type StripCurrentClick,
} from '../../domain/gallery-index';
import { isMobileWidth } from '../../domain/design-tokens';
import {
  boundaryFor,
  GALLERY_RESIZE_TIMEOUT_MS,
  isStackedTransition,
  moveSeconds,
  newSwipeOffset,
  resizeEnd,
  resizeEvent,
  settleSeconds,
  type ResizeState,
} from '../../domain/gallery-motion';
import { format } from '../../messages/format';
import { galleryBlock as words } from '../../messages/gallery-block';
import { lightboxLoader } from './lightbox/loader';
import { lazyLoad, playVideo, stopVideo } from './slide-media';

/** The seed's key codes (37, 39) by the key names browsers give now. */
const KEY_CODES: Readonly<Record<string, number>> = { ArrowLeft: 37, ArrowRight: 39 };

/** Galleries already bound: a container is enhanced once (seed 001 §5). */
const bound = new WeakSet<HTMLElement>();

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

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
  // The lightbox (helper lightbox's hook: ./lightbox/loader.ts; the lightbox itself loads on first open).
  lightboxLoader(gallery);
  // Every layout's video slides play where they are, on their play control (click, Enter or Space).
  gallery.addEventListener('click', (event) => {
    const slide = (event.target as Element).closest('.gallery-play')?.closest<HTMLElement>('.gallery-slide');
    if (slide) playVideo(slide);
  });
  const layout = gallery.dataset.layout ?? '';
  if (layout !== 'stacked' && layout !== 'strip' && layout !== 'carousel') return;
  const list = gallery.querySelector<HTMLElement>('.gallery-slides');
  const slides = [...gallery.querySelectorAll<HTMLElement>('.gallery-slide')];
  if (!list || slides.length === 0) return;
  gallery.classList.add('gallery-enhanced');

  const still = noMotionRequested(location.search) || matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (still) gallery.classList.add('gallery-still');
  const loop = gallery.dataset.loop === 'true';
  // Seed 001 §8: an unknown transition is an error naming it; the slideshow then fades.
  let transition = gallery.dataset.transition ?? 'fade';
  if (layout === 'stacked' && !isStackedTransition(transition)) {
    console.error(unknownTransitionError(transition));
    transition = 'fade';
  }
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

  // The slideshow's thumbnail strip: a linked child gallery (seed 001 §4) following this one's index, in motion while it scrolls.
  const thumbStrip = gallery.querySelector<HTMLElement>('.gallery-thumbs');
  const thumbs = thumbStrip ? [...thumbStrip.querySelectorAll<HTMLButtonElement>('.gallery-thumb')] : [];
  const thumb = { index: 0, inMotion: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
  const linked = () => (thumbs.length > 0 ? [{ index: thumb.index, inMotion: thumb.inMotion }] : []);
  function followThumbs(instant: boolean) {
    if (!thumbStrip) return;
    const [to] = syncLinked(index, linked(), [thumbs.length]);
    if (to === undefined) return;
    thumbs.forEach((t, i) => {
      t.classList.toggle('gallery-thumb--current', i === to);
      if (i === to) t.setAttribute('aria-current', 'true');
      else t.removeAttribute('aria-current');
    });
    const target = thumbs[to]!;
    const left = target.offsetLeft - thumbStrip.offsetLeft - (thumbStrip.clientWidth - target.offsetWidth) / 2;
    const moving = !instant && !still && thumb.index !== to;
    thumb.index = to;
    if (moving) {
      thumb.inMotion = true;
      clearTimeout(thumb.timer);
      thumb.timer = setTimeout(() => (thumb.inMotion = false), 500);
    }
    thumbStrip.scrollTo({ left: Math.max(0, left), behavior: moving ? 'smooth' : 'auto' });
  }

  const scrollBehavior = (): ScrollBehavior => (still ? 'auto' : 'smooth');
  function place(instant: boolean) {
    if (carousel) {
      const first = slides[Math.min(slides.length - 1, index * perRow())]!;
      list!.scrollTo({ left: first.offsetLeft - list!.offsetLeft, behavior: instant ? 'auto' : scrollBehavior() });
    } else if (layout === 'strip') {
      const slide = slides[index]!;
      const share = gallery.dataset.alignment === 'start' ? 0 : gallery.dataset.alignment === 'end' ? 1 : 0.5;
      list!.scrollTo({
        left: slide.offsetLeft - list!.offsetLeft - (list!.clientWidth - slide.offsetWidth) * share,
        behavior: instant ? 'auto' : scrollBehavior(),
      });
    }
  }

  function render(instant: boolean) {
    const active = carousel ? index * perRow() : index;
    const shown = carousel ? perRow() : 1;
    slides.forEach((slide, i) => {
      // Seed 001 §4: a video on a slide left (the strip's inactive slides, the carousel's other groups) stops.
      if (i < active || i >= active + shown) stopVideo(slide);
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
    followThumbs(instant);
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
      motionTimer = setTimeout(
        () => {
          inMotion = false;
          gallery.removeAttribute('data-in-motion');
        },
        moveSeconds(layout, transition, false) * 1000,
      );
    }
    render(instant);
    if (gallery.dataset.historyHash === 'true' && !carousel) {
      const id = slides[index]!.getAttribute(SLIDE_ATTRIBUTES.ID) ?? undefined;
      history.replaceState(history.state, '', hashWithItemId(location.hash, id));
    }
  }
  const state = () => ({ index, count: count(), loop: carousel ? false : loop, inMotion });
  const step = (direction: 'forward' | 'reverse') => apply(requestStep(state(), direction, linked()));
  // A thumbnail goes to its slide; the strip takes no keys of its own (the slideshow's arrow keys move both).
  thumbs.forEach((t, i) => t.addEventListener('click', () => apply(requestIndex(state(), i, linked()))));

  previous?.addEventListener('click', () => step('reverse'));
  next?.addEventListener('click', () => step('forward'));

  // Keys (seed 001 §3, §4): 37 and 39 anywhere on the page while the gallery is on screen.
  let inViewport = false;
  if ('IntersectionObserver' in window) new IntersectionObserver((entries) => (inViewport = entries.some((e) => e.isIntersecting))).observe(gallery);
  document.addEventListener('keydown', (event) => {
    const direction = keyStep({
      keyCode: KEY_CODES[event.key] ?? 0,
      inMotion,
      editableTarget: editable(event.target),
      inViewport,
      linkedChild: false,
      keyboard: true,
    });
    if (!direction) return;
    event.preventDefault();
    step(direction);
  });

  /*
   * New-swipe (seed 001 §4, §5, §9): the current slide follows the finger with its neighbour beside
   * it (at the first or last slide without loop, the edge gives way a third as fast); at release
   * the rule (half the width, or velocity above 1) decides, and the slides finish the way left in
   * 0.2 to 0.5 s.
   */
  const peeking = new Set<HTMLElement>();
  const neighbour = (direction: -1 | 1) => {
    const at = index + direction;
    return at >= 0 && at < slides.length ? slides[at] : loop ? slides[(at + slides.length) % slides.length] : undefined;
  };
  function drag(dx: number) {
    gallery.classList.add('gallery-dragging');
    const width = list!.clientWidth;
    const shown = newSwipeOffset(dx, !loop && index === 0, !loop && index === slides.length - 1, boundaryFor(loop));
    slides[index]!.style.transform = `translateX(${shown}px)`;
    const beside = neighbour(dx < 0 ? 1 : -1);
    for (const other of peeking) if (other !== beside) clearDrag(other);
    if (beside && beside !== slides[index]) {
      peeking.add(beside);
      beside.classList.add('gallery-peek');
      beside.style.transform = `translateX(${(dx < 0 ? width : -width) + shown}px)`;
    }
  }
  function clearDrag(slide: HTMLElement) {
    slide.style.transform = '';
    slide.classList.remove('gallery-peek');
    peeking.delete(slide);
  }
  function release(dx: number, velocity: number) {
    const width = list!.clientWidth;
    const shown = newSwipeOffset(dx, !loop && index === 0, !loop && index === slides.length - 1, boundaryFor(loop));
    const direction = newSwipeStep(shown, width, velocity);
    const seconds = settleSeconds(direction ? width - Math.abs(shown) : shown, width);
    const moved = [slides[index]!, ...peeking];
    for (const slide of moved) slide.style.transitionDuration = `${seconds}s`;
    gallery.classList.remove('gallery-dragging');
    for (const slide of moved) clearDrag(slide);
    if (direction) step(direction);
    setTimeout(() => moved.forEach((slide) => (slide.style.transitionDuration = '')), seconds * 1000);
  }

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
      if (dragging && !inMotion) drag(p.clientX - touch.x);
    },
    { passive: true },
  );
  list.addEventListener('touchend', (event) => {
    const p = event.changedTouches[0];
    if (!touch || !p) return;
    const dx = p.clientX - touch.x;
    const dy = p.clientY - touch.y;
    if (dragging) {
      release(dx, touch.v);
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
      const direction = stackedClickStep(
        (gallery.dataset.click ?? 'next') as StackedClick,
        event.clientX - box.left,
        box.width,
        slide.getAttribute(SLIDE_ATTRIBUTES.TYPE) === 'video',
      );
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
    const every = autoplayIntervalMs(gallery.dataset.autoplayDuration ? Number(gallery.dataset.autoplayDuration) : undefined, defaultAutoplayMs(layout));
    let hovering = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const held = gallery.contains(document.activeElement);
      if (
        autoplayMayAdvance({
          hovering: hovering || held,
          mobile: isMobileWidth(window.innerWidth),
          videoShowing: gallery.querySelector('.gallery-playing') !== null,
          motionRefused: false,
        })
      ) {
        apply(requestIndex(state(), autoplayNextIndex(index, count(), false), linked()));
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

  // Seed 001 §3, §4: a resize starts a resizing state (no transitions; the slides re-placed at once) that ends 100 ms after the last.
  let size: ResizeState = { width: gallery.clientWidth, height: gallery.clientHeight, resizing: false };
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener(
    'resize',
    () => {
      size = resizeEvent(size, gallery.clientWidth, gallery.clientHeight);
      if (!size.resizing) return;
      if (!gallery.hasAttribute('data-resizing')) gallery.setAttribute('data-resizing', '');
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        size = resizeEnd(size);
        gallery.removeAttribute('data-resizing');
        // The carousel's groups follow its slides a row, which the window's width may have changed.
        index = Math.min(index, count() - 1);
        render(true);
      }, GALLERY_RESIZE_TIMEOUT_MS);
    },
    { passive: true },
  );

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
