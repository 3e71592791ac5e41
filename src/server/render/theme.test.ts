/**
 * The stylesheets below src/ against the custom properties of the shared theme (src/document/theme.ts)
 * and of a site's design (src/document/design-css.ts): every property a rule names is defined, and
 * none of theirs is declared a second time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '../../document/design';
import { designCss } from '../../document/design-css';
import { themeCustomProperties } from '../../document/theme';

const SRC = path.resolve(import.meta.dirname, '../..');

/** The source files below src/, tests aside (a test may name a property on purpose). */
function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && pattern.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const STYLESHEETS = sourceFiles(SRC, /\.css$/);
const CODE = sourceFiles(SRC, /\.tsx?$/).filter((f) => ![path.join(SRC, 'document/theme.ts'), path.join(SRC, 'document/design-css.ts')].includes(f));

/** `--x: value` in a rule, or `setProperty('--x', …)` from a script. */
function declaredIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(--[a-z][a-z0-9-]*)\s*:/g), ...text.matchAll(/setProperty\(\s*'(--[a-z][a-z0-9-]*)'/g)].map((m) => m[1]!);
}

describe("the stylesheets and the theme's properties", () => {
  const theme = new Set<string>([
    ...themeCustomProperties().map(([name]) => name),
    ...[...designCss(DEFAULT_DESIGN).matchAll(/(--[a-z][a-z0-9-]*):/g)].map((m) => m[1]!),
  ]);

  it('name no custom property that is neither the theme’s nor declared by a rule or script of their own', () => {
    const declared = new Set([...STYLESHEETS, ...CODE].flatMap(declaredIn));
    const undefinedUses = STYLESHEETS.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\(\s*(--[a-z][a-z0-9-]*)/g)]
        .map((m) => m[1]!)
        .filter((name) => !theme.has(name) && !declared.has(name))
        .map((name) => `${path.relative(SRC, file)}: ${name}`),
    );
    expect(undefinedUses).toEqual([]);
  });

  it("leave the theme's values to the theme: no stylesheet or script declares one again", () => {
    const again = [...STYLESHEETS, ...CODE].flatMap((file) =>
      declaredIn(file)
        .filter((name) => theme.has(name))
        .map((name) => `${path.relative(SRC, file)}: ${name}`),
    );
    expect(again).toEqual([]);
  });
});
