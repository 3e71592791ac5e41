import { describe, expect, it } from 'vitest';
import { imageSources } from './picture';

const file = { name: 'kiln.jpg', contentType: 'image/jpeg', width: 3000, height: 2000, hash: '0123456789abcdef' };
const base = '/s/0123456789abcdef/kiln.jpg';

describe('imageSources', () => {
  it('names every width below the image’s and its own when all copies exist', () => {
    const offered = imageSources('/s/kiln.jpg', { ...file, formats: ['avif', 'webp', 'jpeg'] });
    expect(offered.src).toBe(base);
    expect(offered.srcSet).toBe(`${base} 3000w, ${[2500, 1500, 1000, 750, 500, 300, 100].map((w) => `${base}?format=${w}w ${w}w`).join(', ')}`);
    expect(offered.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
  });

  it('names only the copies made while the rest are coming', () => {
    const first = [1500, 1000, 750, 500, 300];
    const offered = imageSources('/s/kiln.jpg', { ...file, formats: ['webp', 'jpeg'], widths: { webp: first, jpeg: first } });
    // The widest copy made, as the <img>'s own address: the own-size copy is not made yet.
    expect(offered.src).toBe(`${base}?format=1500w`);
    expect(offered.srcSet).toBe(first.map((w) => `${base}?format=${w}w ${w}w`).join(', '));
    expect(offered.sources).toEqual([{ type: 'image/webp', srcSet: first.map((w) => `${base}.webp?format=${w}w ${w}w`).join(', ') }]);
  });
});
