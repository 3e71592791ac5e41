/** Code block: owner HTML rendered through the sanitiser, or shown as source. */
import { sanitizeCode } from '../sanitize';
import type { BlockViewProps } from '../types';
import type { CodeData } from './schema';

export function CodeView({ data, ctx }: BlockViewProps<CodeData>) {
  if (data.displaySource) {
    return (
      <pre className="block-code-source">
        <code>{data.html}</code>
      </pre>
    );
  }
  return <div className="block-code" dangerouslySetInnerHTML={{ __html: sanitizeCode(data.html, ctx.host) }} />;
}
