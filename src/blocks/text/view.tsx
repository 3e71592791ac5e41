/** Text block: the owner's rich text, sanitised when it was saved; links to the serving host follow the link rules here. */
import { htmlForHost } from '../html';
import type { BlockViewProps } from '../types';
import type { StoredTextData } from './schema';

export function TextView({ data, ctx }: BlockViewProps<StoredTextData>) {
  return <div className="block-text" dangerouslySetInnerHTML={{ __html: htmlForHost(data.html, ctx.host) }} />;
}
