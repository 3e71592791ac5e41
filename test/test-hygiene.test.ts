/**
 * Rules for the tests themselves, checked over their source:
 * - end-to-end tests wait for facts (an island's `data-island-ready`, a request, a state the page
 *   shows) and move time with Playwright's clock, never by a fixed sleep;
 * - they set a site up through the product (its config API, the document's import), not by
 *   writing its pages or settings in SQL;
 * - nothing a test runs reads outside the repository, so `npm test` passes on a fresh clone.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = path.relative(ROOT, import.meta.filename);

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return files(rel, keep);
    return keep(name) ? [rel] : [];
  });
}

const isSource = (name: string) => /\.tsx?$/.test(name);
/** Every file the test runs load: the test folders whole, unit tests beside the code, and the scripts tests import. */
const testCode = () => [...files('test', isSource), ...files('e2e', isSource), ...files('src', (n) => /\.test\.tsx?$/.test(n)), ...files('scripts', isSource)];

function hits(list: string[], pattern: RegExp): string[] {
  return list
    .filter((file) => file !== SELF)
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the tests', () => {
  it('wait for facts in the browser, not for a fixed time (no waitForTimeout)', () => {
    expect(hits(files('e2e', isSource), /\bwaitForTimeout\s*\(/)).toEqual([]);
  });

  it('set up end-to-end state through the product, not by writing pages or settings in SQL', () => {
    // Except data only an older server could have stored, which no call of today's product makes.
    const olderServersData = new Set(['e2e/site-links.test.ts']);
    const e2e = files('e2e', isSource).filter((file) => !olderServersData.has(file));
    expect(hits(e2e, /\b(UPDATE|INSERT\s+INTO)\s+(pages|collection_items|websites)\b/i)).toEqual([]);
  });

  it('read nothing outside the repository (no ../shared, no absolute /work paths)', () => {
    // Only `npm run conformance` may read the rule list beside the repository, and only when run as a script.
    const allowed = (line: string) => line.startsWith('scripts/conformance.ts:') && /\bRULES\b|RULES\.md/.test(line);
    const outside = hits(testCode(), /\.\.\/shared\b|['"`]\/work\/|\.\.\/\.\.\/shared/).filter((line) => !allowed(line));
    expect(outside).toEqual([]);
  });
});
