/**
 * The site animations' stylesheet (./motion.css) against the seed's constants (src/domain): CSS
 * cannot import them, so this holds its numbers to theirs, and keeps every rule behind the script's
 * attribute and a visitor's leave to move.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANIMATION } from '../domain/block-settings';

const css = readFileSync(path.join(import.meta.dirname, 'motion.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

describe('site animations stylesheet', () => {
  // constants and helpers for 000-9.49, 000-9.50 (the browser behaviour is left to end-to-end tests)
  it('transitions over the seed duration from the seed scale', () => {
    expect(css).toContain(`transition: ${ANIMATION.DEFAULT_DURATION_SECONDS}s `);
    expect(css).toContain(`transform: scale(${ANIMATION.SCALABLE_SCALE})`);
  });

  it('hides nothing unless the script marked the page, on screen, for a visitor who allows motion', () => {
    const media = /^@media screen and \(prefers-reduced-motion: no-preference\) \{([\s\S]*)\}\s*$/.exec(css.trim());
    expect(media).not.toBeNull();
    const rules = media![1]!.split('\n').filter((line) => line.trim() !== '');
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule.trim()).toMatch(/^html\[data-site-animation(="[a-z]+")?\] /);
  });
});
