/**
 * Anchor scrolling (seed 001 §9: a 300 ms tween stopping 30 px above the target), on pages holding
 * a same-page link other than the header's own (src/server/render/page.tsx), whether or not the
 * site animates its blocks. A click on such a link scrolls the window, eased in and out, until the
 * target stands 30 px below the sticky header's bottom edge (below the window's top without one);
 * under reduced motion or `nomotion=true` it jumps there at once. The address takes the link's
 * hash as a new history entry, and focus moves to the target, as following the link would.
 * Without JavaScript the link jumps as browsers do.
 */
import { TIMINGS_MS } from '../../domain/limits';
import { anchorScrollTop, motionRefused, tweenAt, tweenDuration } from '../../domain/motion';

/** Counts the tweens started: a tween whose number is no longer the latest stops (another click, the visitor's own scrolling). */
let latest = 0;

/** The target's top in the document as laid out: a transform (a block still animating in) does not move where it comes to rest. */
function layoutTop(el: HTMLElement): number {
  let top = 0;
  for (let e: HTMLElement | null = el; e; e = e.offsetParent as HTMLElement | null) top += e.offsetTop;
  return top;
}

/** How much of the window's top a header that stays in place covers once it is stuck there. */
function covered(): number {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return 0;
  const style = getComputedStyle(header);
  return /sticky|fixed/.test(style.position) ? (Number.parseFloat(style.top) || 0) + header.offsetHeight : 0;
}

function scrollToTarget(target: HTMLElement): void {
  const tween = ++latest;
  const destination = () => anchorScrollTop(layoutTop(target), covered());
  if (motionRefused(location.search, matchMedia('(prefers-reduced-motion: reduce)').matches)) {
    scrollTo(0, destination());
    return;
  }
  const from = scrollY;
  const duration = tweenDuration(TIMINGS_MS.SCROLL_TWEEN);
  let start: number | undefined;
  // Measured again each frame: what lies above the target may still be settling (an image's size).
  const step = (now: number) => {
    if (tween !== latest) return;
    start ??= now;
    scrollTo(0, tweenAt(from, destination(), now - start, duration));
    if (now - start < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export default function anchorScroll(): void {
  const stop = () => void latest++;
  addEventListener('wheel', stop, { passive: true });
  addEventListener('touchstart', stop, { passive: true });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[href^="#"]:not(.skip-link)');
    const target = link && document.getElementById(link.getAttribute('href')!.slice(1));
    if (!target) return;
    event.preventDefault();
    scrollToTarget(target);
    if (location.hash !== link.hash) history.pushState(null, '', link.hash);
    if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  });
}
