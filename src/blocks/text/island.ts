/**
 * Text highlight animation (seed 001 §4, §9), loaded only for text blocks holding a highlight
 * whose animation is on (./schema.ts `hasHighlight`, the definition's island `when`). Each shape
 * waits hidden (the page's stylesheet hides it until it is shown; ./style.css) and, once it is in
 * view, starts 250 ms later: draw reveals each stroke from its start ("right") or its end ("left")
 * through its dash offset, the strokes one after another, each for its share of the duration
 * clamped to 20–100% of it; fade fades the shape in; fadeScale fades it in from half its size.
 * With reduced motion asked for, nothing moves: the stylesheet shows shapes drawn and this does
 * nothing. Web Animations only, so no inline style attribute is written (the page's CSP).
 */
import { HIGHLIGHT_FADE_SCALE_FROM, HIGHLIGHT_START_DELAY_MS, stretchedLength, tweenDurations } from '../../domain/text-highlight';

/** Points sampled along a stroke to measure it as drawn. */
const SAMPLES = 48;

/**
 * A stroke's length on screen. Its box is stretched (preserveAspectRatio none) and its stroke does
 * not scale, so dashes are measured on screen: the path's own length would be in the box's units.
 */
function drawnLength(path: SVGPathElement, width: number, height: number): number {
  const total = path.getTotalLength();
  const points: [number, number][] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const p = path.getPointAtLength((total * i) / SAMPLES);
    points.push([p.x, p.y]);
  }
  return stretchedLength(points, width, height);
}

function play(svg: SVGSVGElement) {
  const animation = svg.dataset.animation;
  const duration = Number(svg.dataset.duration) || 0.75;
  svg.classList.add('is-shown');
  if (animation === 'fade' || animation === 'fadeScale') {
    const from = animation === 'fadeScale' ? { opacity: 0, transform: `scale(${HIGHLIGHT_FADE_SCALE_FROM})` } : { opacity: 0 };
    const to = animation === 'fadeScale' ? { opacity: 1, transform: 'scale(1)' } : { opacity: 1 };
    svg.animate([from, to], { duration: duration * 1000, easing: 'ease-out' });
    return;
  }
  const { width, height } = svg.getBoundingClientRect();
  const paths = [...svg.querySelectorAll('path')];
  const lengths = paths.map((p) => drawnLength(p, width, height));
  const durations = tweenDurations(duration, lengths);
  const sign = svg.dataset.direction === 'left' ? -1 : 1;
  let delay = 0;
  paths.forEach((path, i) => {
    // One dash as long as the stroke, then a gap as long: offset by its length, only the gap shows.
    const length = lengths[i]! + 1;
    const dash = `${length} ${length}`;
    path.animate(
      [
        { strokeDasharray: dash, strokeDashoffset: `${sign * length}` },
        { strokeDasharray: dash, strokeDashoffset: '0' },
      ],
      { duration: durations[i], delay, easing: 'ease-in-out', fill: 'backwards' },
    );
    delay += durations[i]!;
  });
}

export default function enhance(root: HTMLElement) {
  const shapes = [...root.querySelectorAll<SVGSVGElement>('svg.text-highlight-shape[data-animation]')];
  if (shapes.length === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) {
    for (const svg of shapes) svg.classList.add('is-shown');
    return;
  }
  // Taken over: the stylesheet's watch (which shows a shape no script animates) stops; the shape waits hidden.
  for (const svg of shapes) svg.classList.add('is-watched');
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        const svg = entry.target.querySelector<SVGSVGElement>(':scope > svg.text-highlight-shape');
        if (svg) setTimeout(() => play(svg), HIGHLIGHT_START_DELAY_MS);
      }
    },
    { threshold: 0.5 },
  );
  // The words are observed, not the shape: the shape may be scaled or hidden while it waits.
  for (const svg of shapes) if (svg.parentElement) io.observe(svg.parentElement);
}
