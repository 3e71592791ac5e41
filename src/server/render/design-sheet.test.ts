import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, designSchema, type Design } from '../../document/design';
import { designStylesheet } from '../../document/design-css';
import { fontFileUrl } from '../http/fonts';

describe('the per-site stylesheet', () => {
  it('stays within 8 KB gzip with three different families and every choice that adds a rule', () => {
    const heavy: Design = {
      ...DEFAULT_DESIGN,
      fonts: {
        heading: { family: 'playfair-display', weight: 700 },
        body: { family: 'source-sans-3', weight: 400 },
        button: { family: 'jetbrains-mono', weight: 500 },
      },
      buttons: { shape: 'pill', style: 'outline', size: 'large' },
      stickyHeader: true,
    };
    for (const design of [DEFAULT_DESIGN, designSchema.parse(heavy)]) {
      const sheet = designStylesheet(design, fontFileUrl);
      expect(gzipSync(sheet.css).length).toBeLessThanOrEqual(8 * 1024);
    }
  });
});
