/**
 * The lightbox's rules, adopted by the document when the lightbox first opens (a constructed
 * stylesheet, which the pages' CSP allows), so pages carry none of them until then. The numbers are
 * seed 001 §9's (src/domain/gallery.ts LIGHTBOX): overlay 0.95 fading in over 0.3 s before the
 * content and close control, items fading over the speed (0.6 s) on desktop, arrows over 500 ms,
 * padding 100 px, z-index 10000000. Mobile (≤ 432 px) is a horizontal scroller of items instead.
 */
import { LIGHTBOX } from '../../../domain/gallery';

const fade = `${LIGHTBOX.OVERLAY_FADE_SECONDS}s`;
const speed = `${LIGHTBOX.SPEED_SECONDS}s`;

export const LIGHTBOX_CSS = `
html.lightbox-shown { overflow: hidden; }
.lightbox { position: fixed; inset: 0; z-index: ${LIGHTBOX.OVERLAY_Z_INDEX}; width: 100%; height: 100%; max-width: none; max-height: none; margin: 0; padding: 0; border: 0; background: transparent; overflow: hidden; color: var(--color-on-media); font: inherit; }
.lightbox::backdrop { background: transparent; }
.lightbox--light { color: var(--color-on-lightbox-light); }
.lightbox-overlay { position: absolute; inset: 0; background: var(--color-lightbox-backdrop); opacity: 0; transition: opacity ${fade} ease; }
.lightbox--light .lightbox-overlay { background: var(--color-lightbox-backdrop-light); }
.lightbox--open .lightbox-overlay { opacity: ${LIGHTBOX.OVERLAY_OPACITY}; }
.lightbox-stage, .lightbox-bar, .lightbox-close { opacity: 0; transition: opacity 0.15s ease; }
.lightbox--open .lightbox-stage, .lightbox--open .lightbox-bar, .lightbox--open .lightbox-close { opacity: 1; transition: opacity ${fade} ease ${fade}; }
.lightbox-arrow { opacity: 0; transition: opacity ${LIGHTBOX.NAV_ARROW_FADE_MS}ms ease; }
.lightbox--open .lightbox-arrow { opacity: 1; transition: opacity ${LIGHTBOX.NAV_ARROW_FADE_MS}ms ease ${fade}; }
.lightbox-stage { position: absolute; inset: 0; }
.lightbox-item { margin: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; box-sizing: border-box; }
.lightbox-media { position: relative; flex: 0 1 auto; min-height: 0; max-width: 100%; display: flex; align-items: center; justify-content: center; }
.lightbox-media img { display: block; max-width: 100%; max-height: 100%; width: auto; height: auto; object-fit: contain; }
.lightbox-media--video { width: 100%; max-height: 100%; aspect-ratio: 16 / 9; background: var(--color-lightbox-backdrop); }
.lightbox-media--video img, .lightbox-media--video iframe, .lightbox-media--video video { position: absolute; inset: 0; width: 100%; height: 100%; max-height: none; border: 0; object-fit: contain; }
.lightbox-play { position: absolute; inset: 0; margin: auto; width: 68px; height: 68px; padding: 0; border: 0; border-radius: 50%; background: var(--color-scrim-strong); color: var(--color-on-media); cursor: pointer; z-index: 1; }
.lightbox-play svg { display: block; width: 100%; height: 100%; fill: currentColor; }
.lightbox-meta { flex: 0 0 auto; max-width: 40rem; text-align: center; }
/* The title is the lightbox's colour, not the page's headings'. */
.lightbox-title { margin: 0; font-size: 1.05rem; line-height: 1.3; color: inherit; }
.lightbox-description { margin: 4px 0 0; font-size: 0.9rem; line-height: 1.4; }
.lightbox button { font: inherit; color: inherit; background: var(--color-lightbox-control); border: 0; border-radius: 999px; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; }
.lightbox--light button:not(.lightbox-play) { background: var(--color-lightbox-control-light); }
.lightbox button:focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
.lightbox button:disabled { opacity: 0.35; cursor: default; }
.lightbox-close { position: absolute; top: 16px; right: 16px; width: 44px; height: 44px; }
.lightbox-arrow { position: absolute; top: 50%; width: 52px; height: 52px; margin-top: -26px; }
.lightbox-previous { left: 24px; }
.lightbox-next { right: 24px; }
.lightbox-bar { position: absolute; left: 0; right: 0; bottom: 0; height: 56px; display: flex; align-items: center; justify-content: center; gap: 16px; pointer-events: none; }
.lightbox-bar > * { pointer-events: auto; }
.lightbox-counter { margin: 0; font-size: 0.9rem; }
.lightbox-caption-toggle { padding: 6px 14px; }
.lightbox svg { pointer-events: none; }

/* Desktop: the items lie on top of each other inside the padding; the current one fades in over the speed. */
.lightbox--desktop .lightbox-item { position: absolute; inset: ${LIGHTBOX.PADDING_PX}px; opacity: 0; visibility: hidden; transition: opacity ${speed} ease, visibility 0s linear ${speed}; }
.lightbox--desktop .lightbox-item.lightbox-current { opacity: 1; visibility: visible; transition: opacity ${speed} ease, visibility 0s; }
.lightbox--desktop .lightbox-media { flex: 1 1 auto; width: 100%; }
.lightbox--desktop .lightbox-media--video { flex: 0 1 auto; }

/* Mobile: a horizontal scroller, one item a screen, snapping; captions behind their toggle. */
.lightbox--mobile .lightbox-stage { display: flex; overflow-x: auto; overflow-y: hidden; scroll-snap-type: x mandatory; overscroll-behavior: contain; scrollbar-width: none; }
.lightbox--mobile .lightbox-item { flex: 0 0 100%; height: 100%; padding: 64px 12px 72px; scroll-snap-align: center; scroll-snap-stop: always; }
.lightbox--mobile .lightbox-media { flex: 1 1 auto; width: 100%; }
.lightbox--mobile .lightbox-media--video { flex: 0 1 auto; }
.lightbox--mobile .lightbox-meta { display: none; }
.lightbox--mobile.lightbox--captions .lightbox-meta { display: block; }
.lightbox--mobile .lightbox-arrow { top: auto; bottom: 8px; margin-top: 0; width: 44px; height: 44px; }
.lightbox--mobile .lightbox-previous { left: 12px; }
.lightbox--mobile .lightbox-next { right: 12px; }

@media (prefers-reduced-motion: reduce) {
  .lightbox *, .lightbox-overlay, .lightbox .lightbox-item { transition: none !important; }
  .lightbox--mobile .lightbox-stage { scroll-behavior: auto; }
}
`;
