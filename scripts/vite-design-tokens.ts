/**
 * The config area's share of the seed's design tokens: a stylesheet module, `virtual:design-tokens.css`,
 * whose `:root` declares the spacing, weights and radii from src/document/theme.ts, so the config
 * area's rules name them (var(--space-3)) without writing their values again.
 */
import type { Plugin } from 'vite';
import { rootRule, tokenCustomProperties } from '../src/document/theme';

const ID = 'virtual:design-tokens.css';
const RESOLVED = `\0${ID}`;

export function designTokensPlugin(): Plugin {
  return {
    name: 'openpress:design-tokens',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? rootRule(tokenCustomProperties()) : null),
  };
}
