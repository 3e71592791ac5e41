/** The video block's rule for the page's stylesheet: its box's shape (no inline styles under the page's CSP). */
import { videoAspect } from '../../domain/video';
import type { VideoData } from './schema';

export function videoCss(id: string, data: VideoData): string {
  const aspect = videoAspect(data.aspect, data.embed?.url === data.url ? data.embed : undefined);
  return `#block-${id}{--video-aspect:${aspect}%;--video-ratio:${(100 / aspect).toFixed(4)}}`;
}
