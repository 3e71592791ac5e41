import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRules, renderConformance } from '../scripts/conformance';

describe('docs/conformance.md', () => {
  it('lists every rule of RULES.md', () => {
    expect(readRules().length).toBeGreaterThan(800);
  });

  it('is current with the tests (run `npm run conformance`)', () => {
    expect(readFileSync('docs/conformance.md', 'utf8')).toBe(renderConformance());
  });
});
