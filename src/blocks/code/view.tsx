/** Code block: owner HTML (sanitised when it was saved), or its source shown as code. */
import { htmlForHost } from '../html';
import type { BlockViewProps } from '../types';
import type { StoredCodeData } from './schema';

export function CodeView({ data, ctx }: BlockViewProps<StoredCodeData>) {
  if (data.displaySource) {
    return (
      <pre className="block-code-source">
        <code>{data.html}</code>
      </pre>
    );
  }
  return <div className="block-code" dangerouslySetInnerHTML={{ __html: htmlForHost(data.html, ctx.host) }} />;
}
