import { describe, expect, it } from 'vitest';
import { BLOCK_VARIANT_MAX, BLOCK_VARIANT_MIN, BLOCK_VARIANTS } from './block-variants';

describe('block variant codes', () => {
  // covers 001-3.93
  it('fill 1000 to 1019 in the order seed 001 lists them', () => {
    const codes = Object.values(BLOCK_VARIANTS);
    expect(BLOCK_VARIANT_MIN).toBe(1000);
    expect(BLOCK_VARIANT_MAX).toBe(1019);
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => 1000 + i));
    expect(Object.keys(BLOCK_VARIANTS).slice(0, 4)).toEqual(['GALLERY_SLIDESHOW', 'GALLERY_CAROUSEL', 'GALLERY_GRID', 'GALLERY_STACK']);
    expect(Object.keys(BLOCK_VARIANTS).slice(4, 8)).toEqual(['SUMMARY_WALL', 'SUMMARY_CAROUSEL', 'SUMMARY_LIST', 'SUMMARY_GRID']);
    expect(Object.keys(BLOCK_VARIANTS).slice(8, 11)).toEqual(['CHART_BAR', 'CHART_LINE', 'CHART_PIE']);
    expect(Object.keys(BLOCK_VARIANTS).slice(11, 17)).toEqual(['IMAGE_INLINE', 'IMAGE_POSTER', 'IMAGE_CARD', 'IMAGE_OVERLAP', 'IMAGE_COLLAGE', 'IMAGE_STACK']);
  });
});
