/**
 * A gallery's media: its images loaded as they come near the viewport (only slides the seed marks
 * for it, through the image block's throttled queue), and its video slides played in place on their
 * play control, one at a time on the page, with no request to a provider before.
 */
import { LAZY_IMAGE_ATTRIBUTES, parseImageDimensions, SLIDE_ATTRIBUTES, VIDEO_SLIDE_ATTRIBUTES } from '../../domain/gallery';
import { IMAGE_LOADER } from '../../domain/media';
import { CENSUS_EVENT_TYPES } from '../../domain/census';
import { gallery as galleryWords } from '../../messages/gallery';
import { videoBlock as videoWords } from '../../messages/video-block';
import { recordHit } from '../../runtime/api';
import { load } from '../image/island';

/** Seed 001 §5: the gallery loads lazily only images whose slide has all three attributes. */
export function lazyLoad(gallery: HTMLElement) {
  const all = [...gallery.querySelectorAll<HTMLElement>('.gallery-slide')].filter(
    (slide) => LAZY_IMAGE_ATTRIBUTES.every((a) => slide.hasAttribute(a)) && slide.querySelector('img[data-src]'),
  );
  // Seed 001 §8: dimensions the gallery cannot read are its data failing to decode; such an image loads at once (its box unknown).
  const unreadable = all.filter((slide) => !parseImageDimensions(slide.getAttribute(SLIDE_ATTRIBUTES.IMAGE_DIMENSIONS) ?? ''));
  if (unreadable.length > 0) {
    console.error(galleryWords.dataDecodeError);
    for (const slide of unreadable) {
      const img = slide.querySelector<HTMLImageElement>('img[data-src]');
      if (img) load(img);
    }
  }
  const waiting = all.filter((slide) => !unreadable.includes(slide));
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

/** Video slides playing now, in every gallery of the page: showing one returns the others to their poster (seed 001 §4). */
const playing = new Set<HTMLElement>();

/**
 * Seed 001 §4: a video slide left (or another video shown) returns to its poster; the browser's
 * player is paused, a provider's frame removed, so it stops (the seed's "pauses it, shows its
 * overlay, or reloads it": a second press loads it afresh).
 */
export function stopVideo(slide: HTMLElement) {
  if (!playing.delete(slide)) return;
  slide.classList.remove('gallery-playing');
  const player = slide.querySelector('.gallery-player');
  if (player instanceof HTMLVideoElement) player.pause();
  else player?.remove();
}

/**
 * The press on a video slide's play control: only now does the player come in (the provider's
 * frame from data-video-src, always https, or the site's file in the browser's player), so no
 * request reaches the provider before; the poster fades out over it (style.css).
 */
export function playVideo(slide: HTMLElement) {
  for (const other of [...playing]) if (other !== slide) stopVideo(other);
  const frame = slide.querySelector('.gallery-frame');
  const src = slide.getAttribute(VIDEO_SLIDE_ATTRIBUTES.SRC);
  const file = slide.getAttribute(VIDEO_SLIDE_ATTRIBUTES.FILE);
  const title = slide.getAttribute(SLIDE_ATTRIBUTES.TITLE) || videoWords.untitled;
  let player = slide.querySelector<HTMLElement>('.gallery-player');
  if (!player) {
    if (src?.startsWith('https://')) {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
      iframe.allowFullscreen = true;
      player = iframe;
    } else if (file?.startsWith('/s/')) {
      const video = document.createElement('video');
      Object.assign(video, { controls: true, autoplay: true, playsInline: true, preload: 'auto', src: file });
      video.addEventListener('ended', () => stopVideo(slide));
      player = video;
    } else {
      // Seed 001 §8: a video slide with nothing to play.
      console.error(galleryWords.videoLoaderMissing);
      return;
    }
    player.className = 'gallery-player';
    player.title = title;
    frame?.prepend(player);
  } else if (player instanceof HTMLVideoElement) void player.play();
  playing.add(slide);
  slide.classList.add('gallery-playing');
  player.focus();
  recordHit(
    CENSUS_EVENT_TYPES.VIDEO,
    src ? { provider: slide.getAttribute(VIDEO_SLIDE_ATTRIBUTES.PROVIDER) ?? '', title } : { provider: 'file', src: file ?? '' },
  );
}
