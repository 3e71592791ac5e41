/**
 * The browser's formatter for messages beyond plain arguments (plural, select, number): the
 * message comes pre-parsed from the build (compile.ts), so only intl-messageformat's formatter
 * ships, never its parser (vite.config.ts points the parser import at its no-parser build). Only
 * a namespace module holding such a message imports this file, so the visitor runtime, whose
 * messages have plain arguments at most, carries none of it.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { ICU_OPTIONS, MESSAGE_LOCALE } from './options';

export function formatParsed(ast: MessageFormatElement[], values: Record<string, string | number>): string {
  return String(new IntlMessageFormat(ast, MESSAGE_LOCALE, undefined, ICU_OPTIONS).format(values));
}
