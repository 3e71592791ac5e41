/**
 * Formats a catalogue message: ICU message syntax (`{name}`, `{n, plural, one {…} other {…}}`,
 * `{kind, select, …}`) through intl-messageformat, parsed once per message and kept.
 *
 * This is the Node side (server, CLI, tests). The browser build swaps this module for
 * format.browser.ts and compiles the namespace modules at build time (compile.ts), so no message
 * parser is shipped to visitors. Both sides give the same text: compile.test.ts checks it.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { ICU_OPTIONS, MESSAGE_LOCALE } from './options';

export type MessageValue = string | number;

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
type Not<B extends boolean> = B extends true ? false : true;
/** The name at the start of an argument: up to its first ',' or '}'. */
type NameOf<B extends string> = (B extends `${infer N}}${string}` ? N : B) extends `${infer M},${string}`
  ? Trim<M>
  : Trim<B extends `${infer N}}${string}` ? N : B>;
/**
 * The argument names of an ICU message, brace by brace: a '{' opens an argument at an even depth
 * (the message, or an option of a plural or select) and an option at an odd one.
 */
type Scan<S extends string, Even extends boolean = true, Found extends string = never> = S extends `${infer Before}{${infer After}`
  ? Before extends `${string}}${infer Rest}`
    ? Scan<`${Rest}{${After}`, Not<Even>, Found>
    : Scan<After, Not<Even>, Even extends true ? Found | NameOf<After> : Found>
  : Found;

/**
 * The argument names of an ICU message, as a union (never for a message without any), in plain
 * arguments and in the options of plural and select alike. The caller test (usage.test.ts) checks
 * every call against the parser too.
 */
export type ArgumentNames<T extends string> = Scan<T>;

export type MessageValues<T extends string> = { [K in ArgumentNames<T>]: MessageValue };

/** The values argument a message takes: none for a plain text, one object naming each argument otherwise. */
export type ValuesFor<T extends string> = [ArgumentNames<T>] extends [never] ? [] : [MessageValues<T>];

const formatters = new Map<string, IntlMessageFormat>();

/** The text of `message` with its arguments filled in. */
export function format<T extends string>(message: T, ...values: ValuesFor<T>): string {
  let formatter = formatters.get(message);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, MESSAGE_LOCALE, undefined, ICU_OPTIONS);
    formatters.set(message, formatter);
  }
  return String(formatter.format(values[0] as Record<string, MessageValue> | undefined));
}
