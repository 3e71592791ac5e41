/**
 * Build-time compilation of the catalogue for the browser (vite.config.ts runs it on each namespace
 * module): every message is parsed as ICU here, in Node, and written out as
 * - a plain text: its formatted string;
 * - a message of text and plain `{name}` arguments: a function joining them, as intl-messageformat
 *   would (a string or number value as `String(value)`);
 * - anything else (plural, select, number …): a function handing the pre-parsed message to
 *   intl-messageformat's formatter (icu.browser.ts), without its parser.
 * A message that does not parse fails the build. Not imported by anything that runs in a browser.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ICU_OPTIONS } from './options';

export type Namespace = Readonly<Record<string, string>>;

export function parseMessage(message: string): MessageFormatElement[] {
  return parse(message, { ...ICU_OPTIONS, requiresOtherClause: true });
}

/** The JavaScript expression a message compiles to. */
export function compileMessage(message: string): { code: string; needsFormatter: boolean } {
  const ast = parseMessage(message);
  if (ast.every((el) => el.type === TYPE.literal)) {
    return { code: JSON.stringify(ast.map((el) => (el as { value: string }).value).join('')), needsFormatter: false };
  }
  if (ast.every((el) => el.type === TYPE.literal || el.type === TYPE.argument)) {
    const parts = ast.map((el) => (el.type === TYPE.literal ? JSON.stringify(el.value) : `String(v[${JSON.stringify(el.value)}])`));
    if (ast[0]!.type !== TYPE.literal) parts.unshift('""');
    return { code: `(v) => ${parts.join(' + ')}`, needsFormatter: false };
  }
  return { code: `(v) => formatParsed(${JSON.stringify(stripLocations(ast))}, v)`, needsFormatter: true };
}

function stripLocations<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'location' ? undefined : v))) as T;
}

/**
 * The module a namespace file compiles to: the same exports, each an object of compiled messages.
 * `formatterPath` is the module that exports `formatParsed` (icu.browser.ts).
 */
export function compileNamespaceModule(exports: Readonly<Record<string, unknown>>, formatterPath: string): string {
  let needsFormatter = false;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'object' || value === null) throw new Error(`messages: export ${name} is not an object of messages`);
    const entries = Object.entries(value as Record<string, unknown>).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`messages: ${name}.${key} is not a string`);
      let compiled: ReturnType<typeof compileMessage>;
      try {
        compiled = compileMessage(message);
      } catch (err) {
        throw new Error(`messages: ${name}.${key} is not a valid ICU message: ${(err as Error).message}`, { cause: err });
      }
      needsFormatter ||= compiled.needsFormatter;
      return `  ${JSON.stringify(key)}: ${compiled.code},`;
    });
    lines.push(`export const ${name} = {\n${entries.join('\n')}\n};`);
  }
  const head = needsFormatter ? `import { formatParsed } from ${JSON.stringify(formatterPath)};\n` : '';
  return head + lines.join('\n');
}

/** The files of src/messages that are machinery, not namespaces of messages. */
const MACHINERY = new Set(['compile.ts', 'format.ts', 'format.browser.ts', 'icu.browser.ts', 'index.ts', 'options.ts']);

/** Whether a file name in src/messages is a namespace module (an object of ICU messages, importing nothing). */
export function isNamespaceFile(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !MACHINERY.has(name);
}
