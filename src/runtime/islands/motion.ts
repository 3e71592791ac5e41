/**
 * Site animations (seed 000 §9, seed 001 §9), on pages of a site whose design animates blocks in
 * (src/server/render/page.tsx adds this island with the design's kind: fade, scale or slide). The
 * blocks below the fold start hidden and take their place as each comes into view, over 0.3 s, the
 * scale from 0.94: the states and the transition are the shared stylesheet's (src/ui/motion.css),
 * keyed by the kind this module writes on <html>, so a page without JavaScript hides nothing.
 * Nothing moves for a visitor who prefers reduced motion or whose address says `nomotion=true`.
 */
import { ANIMATION_VISIBLE_RATIO, animatesIn, motionRefused } from '../../domain/motion';

export default function motion(el: HTMLElement): void {
  const kind = el.dataset.animation;
  if (!kind || motionRefused(location.search, matchMedia('(prefers-reduced-motion: reduce)').matches)) return;
  const blocks = [...document.querySelectorAll<HTMLElement>('.page-section .block')].filter((b) => animatesIn(b.getBoundingClientRect(), innerHeight));
  if (blocks.length === 0) return;
  document.documentElement.dataset.siteAnimation = kind;
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.intersectionRatio < ANIMATION_VISIBLE_RATIO) continue;
        io.unobserve(e.target);
        e.target.classList.remove('motion-pending');
      }
    },
    { threshold: ANIMATION_VISIBLE_RATIO },
  );
  for (const b of blocks) {
    b.classList.add('motion', 'motion-pending');
    io.observe(b);
  }
}
