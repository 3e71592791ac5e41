/**
 * docs/conformance.md against the tests, from the repository alone: the map lists every rule's id
 * and area, so no file outside the repository is read here (`npm run conformance` rebuilds the map
 * from the full rule list when that is at hand).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverage, MAP, renderConformance, rulesInMap } from '../scripts/conformance';

describe('docs/conformance.md', () => {
  const text = readFileSync(MAP, 'utf8');
  const rules = rulesInMap(text);

  it('lists the rules, each once', () => {
    expect(rules.length).toBeGreaterThan(800);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });

  it('knows every rule id a test names in a `covers` comment', () => {
    const known = new Set(rules.map((r) => r.id));
    const unknown = [...coverage()].filter(([id]) => !known.has(id)).map(([id, files]) => `${id} (${[...files].join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('is current with the tests (run `npm run conformance`)', () => {
    expect(text).toBe(renderConformance(rules));
  });
});
