/** Line block: a horizontal rule; style and thickness become classes (no inline styles under the page's CSP). */
import type { BlockViewProps } from '../types';
import type { LineData } from './schema';

export function LineView({ data }: BlockViewProps<LineData>) {
  return <hr className={`block-line line-${data.style} line-t${data.thickness}`} />;
}
