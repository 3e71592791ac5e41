/** The image block's rule for the page's stylesheet: its focal point, when it is not the centre. */
import type { ImageData } from './schema';

export function imageCss(id: string, data: ImageData): string {
  const { x, y } = data.focalPoint;
  if (x === 0.5 && y === 0.5) return '';
  return `#block-${id} img{object-position:${(x * 100).toFixed(1)}% ${(y * 100).toFixed(1)}%}`;
}
