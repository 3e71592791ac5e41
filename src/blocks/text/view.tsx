/** Text block: the owner's rich text, sanitised on the server. */
import { sanitizeText } from '../sanitize';
import type { BlockViewProps } from '../types';
import type { TextData } from './schema';

export function TextView({ data, ctx }: BlockViewProps<TextData>) {
  return <div className="block-text" dangerouslySetInnerHTML={{ __html: sanitizeText(data.html, ctx.host) }} />;
}
