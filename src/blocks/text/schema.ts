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
