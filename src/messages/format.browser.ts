/**
 * format.ts as the browser build has it (vite.config.ts loads this file in its place). There the
 * namespace modules are compiled (compile.ts): a plain text is its own string, a message with
 * arguments a function of its values, so formatting is a call and no message parser ships.
 */
import type { ValuesFor } from './format';

export function format<T extends string>(message: T, ...values: ValuesFor<T>): string {
  const compiled = message as unknown as string | ((values: unknown) => string);
  return typeof compiled === 'function' ? compiled(values[0]) : compiled;
}
