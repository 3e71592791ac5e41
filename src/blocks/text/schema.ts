/** Text block data: the owner's rich text, structured (src/document/rich-text.ts), never HTML. */
import { z } from 'zod';
import { RICH_TEXT_LIMITS, richText } from '../../document/rich-text';

export const textData = z
  .object(
    { text: richText },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' && issue.keys.includes('html')
          ? `a text block holds its text as rich text ("text"); HTML ("html") is read only from documents of version 1, up to ${RICH_TEXT_LIMITS.text.toLocaleString('en-US')} characters`
          : undefined,
    },
  )
  .strict();
export type TextData = z.output<typeof textData>;

/** Whether the text holds a highlight: only then does the block load its island (./island.ts). */
export function hasHighlight(data: TextData): boolean {
  const walk = (nodes: readonly unknown[]): boolean =>
    nodes.some((node) => {
      const { marks, content } = node as { marks?: { type: string }[]; content?: unknown[] };
      return (marks?.some((m) => m.type === 'highlight') ?? false) || (Array.isArray(content) && walk(content));
    });
  return walk(data.text.content);
}
