import { describe, expect, expectTypeOf, it } from 'vitest';
import fc from 'fast-check';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { compileMessage, compileNamespaceModule, isNamespaceFile, parseMessage } from './compile';
import { format, type ArgumentNames } from './format';
import { formatParsed } from './icu.browser';
import { CATALOGUE } from './index';

type Compiled = string | ((values: Record<string, string | number>) => string);

/** format() over any catalogue message, whatever its arguments. */
const formatAny = format as (message: string, values?: object) => string;

/** A compiled message as the browser gets it. */
function evaluate(message: string): Compiled {
  const { code } = compileMessage(message);
  return new Function('formatParsed', `return ${code};`)(formatParsed) as Compiled;
}

/** Every argument of a parsed message with its kind, nested plural and select options included. */
function argumentsOf(ast: MessageFormatElement[], into = new Map<string, TYPE>()): Map<string, TYPE> {
  for (const el of ast) {
    if (el.type === TYPE.literal || el.type === TYPE.pound || el.type === TYPE.tag) continue;
    if (!into.has(el.value) || el.type !== TYPE.argument) into.set(el.value, el.type);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

const numeric = (kind: TYPE) => kind === TYPE.plural || kind === TYPE.number;

const messages = Object.entries(CATALOGUE).flatMap(([ns, texts]) => Object.entries(texts).map(([key, text]) => [`${ns}.${key}`, text as string] as const));

describe('the catalogue as ICU', () => {
  it('has messages, each of which parses as an ICU message', () => {
    expect(messages.length).toBeGreaterThan(150);
    for (const [name, text] of messages) expect(() => parseMessage(text), name).not.toThrow();
  });

  it('gives the browser the same text as the server, for every message and any values', () => {
    for (const [name, text] of messages) {
      const args = [...argumentsOf(parseMessage(text))];
      const compiled = evaluate(text);
      if (args.length === 0) {
        expect(compiled, name).toBe(formatAny(text));
        continue;
      }
      expect(typeof compiled, name).toBe('function');
      const value = (kind: TYPE) => (numeric(kind) ? fc.integer({ min: 0, max: 1_000_000 }) : fc.oneof(fc.string(), fc.integer()));
      fc.assert(
        fc.property(fc.record(Object.fromEntries(args.map(([arg, kind]) => [arg, value(kind)]))), (values) => {
          expect((compiled as (v: typeof values) => string)(values), name).toBe(formatAny(text, values));
        }),
        { numRuns: 20 },
      );
    }
  });

  it('compiles plural and select through intl-messageformat, pre-parsed, and plain arguments to a join', () => {
    const days = '{count, plural, =0 {no days} one {# day} other {# days}} left for {who}';
    expect(compileMessage(days).needsFormatter).toBe(true);
    const compiled = evaluate(days) as (v: Record<string, string | number>) => string;
    expect([0, 1, 2, 1000].map((count) => compiled({ count, who: 'you' }))).toEqual([
      'no days left for you',
      '1 day left for you',
      '2 days left for you',
      '1,000 days left for you',
    ]);
    expect([0, 1, 1000].map((count) => compiled({ count, who: 'you' }))).toEqual([0, 1, 1000].map((count) => format(days, { count, who: 'you' })));
    expect(compileMessage('{length} / {max}')).toEqual({ code: '(v) => "" + String(v["length"]) + " / " + String(v["max"])', needsFormatter: false });
    expect(compileMessage("Can't apply '{this}', it''s quoted")).toEqual({ code: JSON.stringify("Can't apply {this}, it's quoted"), needsFormatter: false });
  });

  it('writes a namespace module that imports the formatter only when a message needs it, and refuses one that is not ICU', () => {
    expect(compileNamespaceModule({ a: { plain: 'Text.', arg: 'Hi {name}.' } }, '/f.ts')).toBe(
      'export const a = {\n  "plain": "Text.",\n  "arg": (v) => "Hi " + String(v["name"]) + ".",\n};',
    );
    expect(compileNamespaceModule({ a: { n: '{n, plural, one {#} other {#}}' } }, '/f.ts')).toMatch(/^import \{ formatParsed \} from "\/f\.ts";\n/);
    expect(() => compileNamespaceModule({ a: { broken: 'Hi {name' } }, '/f.ts')).toThrow(/a\.broken is not a valid ICU message/);
    expect(() => compileNamespaceModule({ a: { n: '{n, plural, one {#}}' } }, '/f.ts')).toThrow(/a\.n/);
  });

  it('tells namespace files from the machinery', () => {
    expect(['forms.ts', 'two-factor.ts'].map(isNamespaceFile)).toEqual([true, true]);
    expect(['format.ts', 'format.browser.ts', 'compile.ts', 'index.ts', 'forms.test.ts'].map(isNamespaceFile)).toEqual([false, false, false, false, false]);
  });

  it('names the arguments a message takes in its type, in plain arguments and in plural and select options', () => {
    expectTypeOf<ArgumentNames<'Plain.'>>().toEqualTypeOf<never>();
    expectTypeOf<ArgumentNames<'{length} / {max}'>>().toEqualTypeOf<'length' | 'max'>();
    expectTypeOf<ArgumentNames<'{count, plural, one {# day} other {# days}}'>>().toEqualTypeOf<'count'>();
    expectTypeOf<ArgumentNames<'In {a}: {current, select, yes {now} other {{last}}}'>>().toEqualTypeOf<'a' | 'current' | 'last'>();
    expectTypeOf<ArgumentNames<'{ n , plural, =0 {none} other {{n} of {total}}}'>>().toEqualTypeOf<'n' | 'total'>();
  });
});
