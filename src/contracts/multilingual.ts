/** The Languages screen's calls (/api/multilingual/…): the site's languages and its translation provider connection. */
import { z } from 'zod';

export const language = z.object({ code: z.string(), name: z.string(), default: z.boolean(), visible: z.boolean() });
export type Language = z.infer<typeof language>;

export const connection = z.object({
  status: z.enum(['connected', 'disconnected']),
  provider: z.string().nullable(),
  providerName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** The fixed mask, while a key is saved. */
  apiKey: z.string().optional(),
});
export type Connection = z.infer<typeof connection>;

export const multilingualSettingsAnswer = z.object({
  defaultLanguage: z.string(),
  languages: z.array(language),
  maxLanguages: z.number(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
  connection,
});
export type MultilingualSettings = z.infer<typeof multilingualSettingsAnswer>;

export const languagesAnswer = z.object({ languages: z.array(language) });
export const connectionAnswer = z.object({ connection });
