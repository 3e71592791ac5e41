/** Video slides of a gallery (seed 001 §3, §4): media types, what a slide plays, its shape and its name. */
import { describe, expect, it } from 'vitest';
import { GALLERY_MEDIA_TYPES } from './gallery';
import { galleryMediaType, slideKeySource, slideVideo, unrecognisedVideos } from './gallery-video';

const vimeo = 'https://vimeo.com/76979871';

describe('gallery media', () => {
  // covers 001-3.88
  it('names each item by one of the seed media types', () => {
    const types = [
      { src: '' },
      { src: '/s/a.jpg' },
      { src: 'https://x.test/a.jpg' },
      { src: '', video: vimeo },
      { src: '/s/p.jpg', videoFile: '/s/c.mp4' },
    ].map(galleryMediaType);
    expect(types).toEqual(['imageEmpty', 'imageFile', 'imageReused', 'video', 'video']);
    for (const t of types) expect(GALLERY_MEDIA_TYPES).toContain(t);
  });

  it('plays a provider’s player built from the recognised id over https, never an address the embed names', () => {
    const video = slideVideo({ src: '', video: vimeo, embed: { url: vimeo, width: 400, height: 300, poster: '/s/vimeo-76979871-poster.jpg', title: 'T' } });
    expect(video).toEqual({
      kind: 'frame',
      provider: 'vimeo',
      id: '76979871',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1',
      aspect: 75,
      title: 'T',
      poster: '/s/vimeo-76979871-poster.jpg',
    });
    // An embed looked up for another address counts for nothing.
    expect(slideVideo({ src: '', video: vimeo, embed: { url: 'https://vimeo.com/1', width: 400, height: 300, poster: '/s/x.jpg' } })).toMatchObject({
      aspect: 56.3,
      poster: undefined,
    });
    expect(slideVideo({ src: '/s/own.jpg', video: vimeo })).toMatchObject({ poster: '/s/own.jpg' });
    expect(slideVideo({ src: '', video: 'https://example.com/v/1' })).toBeUndefined();
    expect(slideVideo({ src: '/s/p.jpg', videoFile: '/s/c.mp4' }, { width: 200, height: 100 })).toEqual({
      kind: 'file',
      file: '/s/c.mp4',
      aspect: 50,
      title: undefined,
      poster: '/s/p.jpg',
    });
  });

  it('names a video slide by its provider and id, and lists addresses of no known provider', () => {
    expect(slideKeySource({ src: '', video: vimeo })).toBe('vimeo-76979871');
    expect(slideKeySource({ src: '', videoFile: '/s/c.mp4' })).toBe('/s/c.mp4');
    expect(unrecognisedVideos([{ src: '/s/a.jpg' }, { src: '', video: 'https://example.com/x' }, { src: '', video: vimeo }])).toEqual([2]);
  });
});
