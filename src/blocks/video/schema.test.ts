/** The video block's data (seed 001 §5): its modes. */
import { describe, expect, it } from 'vitest';
import { videoData } from './schema';

describe('video block data', () => {
  // covers 001-5.06
  it('takes the modes none, fit, fill or null, and no other', () => {
    for (const mode of ['none', 'fit', 'fill', null])
      expect(videoData.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ', mode }).success, String(mode)).toBe(true);
    expect(videoData.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ', mode: 'stretch' }).success).toBe(false);
    expect(videoData.parse({}).mode).toBe('fit');
  });
});
