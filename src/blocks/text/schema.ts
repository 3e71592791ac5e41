/** Text block data: the owner's rich text (the seed's html block), sanitised when saved. */
import { z } from 'zod';
import { plainHtml, type HtmlRules, type SanitizedHtml } from '../html';

export const textSchema = <H extends string>(html: HtmlRules<H>) => z.object({ html: html.field(100_000, 'text') }).strict();
export const textData = textSchema(plainHtml);
export type TextData = z.output<typeof textData>;
export type StoredTextData = z.output<ReturnType<typeof textSchema<SanitizedHtml>>>;
