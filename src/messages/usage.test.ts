/**
 * How the rest of the code uses the catalogue: a text of the catalogue is never written out again
 * elsewhere, the namespaces import nothing, and every `format(namespace.key, values)` gives the
 * message exactly the arguments its ICU text names (a message with arguments is never shown raw).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isNamespaceFile, parseMessage } from './compile';
import { CATALOGUE } from './index';

const ROOT = resolve(__dirname, '../..');
const MESSAGES_DIR = resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const SRC = sourceFiles(join(ROOT, 'src'));
/** Code outside the catalogue; tests may write texts out, to pin what visitors see. */
const CODE = SRC.filter((f) => !f.startsWith(MESSAGES_DIR + '/') && !/\.test\.tsx?$/.test(f));
const CALLERS = [...SRC, ...sourceFiles(join(ROOT, 'test')), ...sourceFiles(join(ROOT, 'e2e'))];

type Message = { name: string; text: string; ast: MessageFormatElement[] };
const MESSAGES: Message[] = Object.entries(CATALOGUE).flatMap(([ns, texts]) =>
  Object.entries(texts).map(([key, text]) => ({ name: `${ns}.${key}`, text: text as string, ast: parseMessage(text as string) })),
);

function argumentNames(ast: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) argumentNames(option.value, into);
    if (el.type === TYPE.tag) argumentNames(el.children, into);
  }
  return into;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** Stands where a template literal has an expression, or a message an argument. */
const HOLE = '\u0000';

/**
 * How a message would look written out in code, as the parsed text of a string, template or JSX
 * text: a plain text as itself; a text with plain arguments with a hole where each argument stands
 * (a template literal). Only messages of three words or more: shorter ones ('Accept', 'Reload
 * Page') are ordinary words.
 */
function inlineForm(message: Message): string | undefined {
  if (!message.ast.every((el) => el.type === TYPE.literal || el.type === TYPE.argument)) return undefined;
  const literal = message.ast.map((el) => (el.type === TYPE.literal ? el.value : ' ')).join('');
  if (words(literal) < 3) return undefined;
  return message.ast.map((el) => (el.type === TYPE.literal ? el.value : HOLE)).join('');
}

/** The texts a source file writes in code (comments are not code): strings, templates with holes, JSX text. */
function textsIn(file: string, source = readFileSync(file, 'utf8')): { text: string; line: number }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text) out.push({ text, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('the catalogue', () => {
  it('is one file a namespace, each importing nothing, all listed in the index', () => {
    const files = readdirSync(MESSAGES_DIR).filter(isNamespaceFile);
    const exported = files.flatMap((file) => {
      const source = readFileSync(join(MESSAGES_DIR, file), 'utf8');
      expect(source, file).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b/m);
      return [...source.matchAll(/^export const (\w+) = \{/gm)].map((m) => m[1]);
    });
    expect(exported.sort()).toEqual(Object.keys(CATALOGUE).sort());
  });

  it('imports nothing of ours from outside src/messages, so every layer may import it', () => {
    for (const file of SRC.filter((f) => f.startsWith(MESSAGES_DIR + '/'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        if (spec!.startsWith('.')) expect(resolve(MESSAGES_DIR, spec!).startsWith(MESSAGES_DIR), `${relative(ROOT, file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('is imported a namespace at a time, never whole, so a browser chunk carries only what it uses', () => {
    const whole: string[] = [];
    for (const file of CODE) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const target = resolve(join(file, '..'), spec!);
        if (target === MESSAGES_DIR || target === join(MESSAGES_DIR, 'index')) whole.push(relative(ROOT, file));
      }
    }
    expect(whole).toEqual([]);
  });

  it('holds each text once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const m of MESSAGES) {
      if (seen.has(m.text)) twice.push(`${seen.get(m.text)} = ${m.name}`);
      seen.set(m.text, m.name);
    }
    expect(twice).toEqual([]);
  });

  it('is where its texts are written: no code outside src/messages writes one out again', () => {
    const forms = new Map<string, string>();
    for (const m of MESSAGES) {
      const form = inlineForm(m);
      if (form !== undefined) forms.set(form, m.name);
    }
    expect(forms.size).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of CODE) {
      for (const { text, line } of textsIn(file)) {
        const name = forms.get(text);
        if (name) found.push(`${relative(ROOT, file)}:${line} writes ${name}`);
      }
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('finds a text written out again, as a string, as JSX text and as a template literal, not in a comment', () => {
    const texts = (source: string) => textsIn('x.tsx', source).map((t) => t.text);
    const form = (name: string) => inlineForm(MESSAGES.find((m) => m.name === name)!)!;
    expect(texts(`reply.send({ error: 'No site is published at this address.' });`)).toContain(form('http.noSite'));
    expect(texts('const p = <p>\n  Error processing form submission. Please reload and try again.\n</p>;')).toContain(form('forms.submitError'));
    expect(texts('const t = `A report covers at most ${MAX} days: choose a shorter range.`;')).toContain(form('analyticsApi.tooLong'));
    expect(texts('// No site is published at this address.\nconst a = 1;')).toEqual([]);
  });
});

/** The messages a file's imports name, by local name: `forms` → the forms namespace. */
function importsOf(file: string, source: ts.SourceFile) {
  const namespaces = new Map<string, Record<string, string>>();
  const formatters = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const spec = statement.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const target = resolve(join(file, '..'), spec);
    if (!target.startsWith(MESSAGES_DIR + '/')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const imported = (el.propertyName ?? el.name).text;
      if (target.endsWith('/format') && imported === 'format') formatters.add(el.name.text);
      else if (imported in CATALOGUE) namespaces.set(el.name.text, CATALOGUE[imported as keyof typeof CATALOGUE] as Record<string, string>);
    }
  }
  return { namespaces, formatters };
}

/** The property names of an object literal, or undefined when they cannot be read off it (a spread). */
function keysOf(node: ts.Expression | undefined): string[] | undefined {
  if (!node) return [];
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const keys: string[] = [];
  for (const p of node.properties) {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) keys.push(p.name.text);
    else return undefined;
  }
  return keys.sort();
}

describe('callers of the catalogue', () => {
  it('give every message with arguments through format(), with exactly the arguments its text names', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of CALLERS) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('/messages/')) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const { namespaces, formatters } = importsOf(file, source);
      const where = (node: ts.Node) => `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const isFormat = (call: ts.CallExpression) => ts.isIdentifier(call.expression) && formatters.has(call.expression.text);

      // Local helpers that format the message they are given: `const say = (m) => format(m, { label })`.
      const helpers = new Map<string, ts.Expression | undefined>();
      const findHelpers = (node: ts.Node) => {
        const fn = ts.isFunctionDeclaration(node)
          ? node
          : ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
            ? node.initializer
            : undefined;
        const name = ts.isFunctionDeclaration(node)
          ? node.name?.text
          : ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)
            ? node.name.text
            : undefined;
        const param = fn?.parameters[0]?.name;
        if (fn && name && param && ts.isIdentifier(param)) {
          const visit = (n: ts.Node) => {
            if (ts.isCallExpression(n) && isFormat(n) && n.arguments[0] && ts.isIdentifier(n.arguments[0]) && n.arguments[0].text === param.text)
              helpers.set(name, n.arguments[1]);
            ts.forEachChild(n, visit);
          };
          visit(fn);
        }
        ts.forEachChild(node, findHelpers);
      };
      findHelpers(source);

      const visit = (node: ts.Node) => {
        if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
          const message = namespaces.get(node.expression.text)![node.name.text];
          if (message === undefined) problems.push(`${where(node)}: ${node.getText()} is no message`);
          else {
            const args = [...argumentNames(parseMessage(message))].sort();
            const call = node.parent;
            let given: ts.Expression | undefined | null = null;
            if (ts.isCallExpression(call) && call.arguments[0] === node && isFormat(call)) given = call.arguments[1];
            else if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && helpers.has(call.expression.text))
              given = helpers.get(call.expression.text);
            if (given === null) {
              if (args.length > 0) problems.push(`${where(node)}: ${node.getText()} has arguments (${args.join(', ')}) but is not given to format()`);
            } else {
              checked += 1;
              const keys = keysOf(given);
              if (keys === undefined) problems.push(`${where(node)}: the values for ${node.getText()} are not an object literal`);
              else if (keys.join() !== args.join()) problems.push(`${where(node)}: ${node.getText()} takes {${args.join(', ')}}, given {${keys.join(', ')}}`);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  }, 60_000);
});
