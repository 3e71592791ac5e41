/**
 * Video addresses and shapes (seed 001 §3, §4, §5, §9; seed 000 §9): which addresses name a video of
 * each recognised provider, the player address a frame loads after play, the embed type, and the
 * aspect rules.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES, VIDEO, VIDEO_PROVIDERS, pauseMessage, playerSrc, recogniseVideo, videoAspect, videoType } from './video';

describe('recognised video providers', () => {
  // covers 001-3.11
  it('recognises Vimeo, YouTube, Wistia and Animoto addresses in their usual shapes', () => {
    expect(VIDEO_PROVIDERS.map((p) => PROVIDER_NAMES[p])).toEqual(['Vimeo', 'YouTube', 'Wistia', 'Animoto']);
    const cases: [string, ReturnType<typeof recogniseVideo>][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', { provider: 'youtube', id: 'dQw4w9WgXcQ' }],
      ['https://youtu.be/dQw4w9WgXcQ', { provider: 'youtube', id: 'dQw4w9WgXcQ' }],
      ['https://www.youtube.com/embed/dQw4w9WgXcQ', { provider: 'youtube', id: 'dQw4w9WgXcQ' }],
      ['https://youtube.com/shorts/dQw4w9WgXcQ', { provider: 'youtube', id: 'dQw4w9WgXcQ' }],
      ['http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', { provider: 'youtube', id: 'dQw4w9WgXcQ' }],
      ['https://vimeo.com/76979871', { provider: 'vimeo', id: '76979871' }],
      ['https://vimeo.com/76979871/8272103f6e', { provider: 'vimeo', id: '76979871', hash: '8272103f6e' }],
      ['https://vimeo.com/channels/staffpicks/76979871', { provider: 'vimeo', id: '76979871' }],
      ['https://player.vimeo.com/video/76979871?h=8272103f6e', { provider: 'vimeo', id: '76979871', hash: '8272103f6e' }],
      ['https://home.wistia.com/medias/e4a27b971d', { provider: 'wistia', id: 'e4a27b971d' }],
      ['https://fast.wistia.net/embed/iframe/e4a27b971d', { provider: 'wistia', id: 'e4a27b971d' }],
      ['https://animoto.com/play/Xy7uAbCdEfG', { provider: 'animoto', id: 'Xy7uAbCdEfG' }],
    ];
    for (const [address, expected] of cases) expect(recogniseVideo(address), address).toEqual(expected);
  });

  it('recognises nothing else', () => {
    for (const address of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://vimeo.com/about',
      'https://evil-wistia.com.example/medias/e4a27b971d',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'not an address',
      'https://animoto.com/pricing',
    ])
      expect(recogniseVideo(address), address).toBeUndefined();
  });
});

describe('player addresses', () => {
  // covers 001-4.68, 001-4.69, 001-4.70
  it('loads YouTube from its no-cookie host with its JS API, every player over https with autoplay', () => {
    const youtube = playerSrc({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(new URL(youtube).origin).toBe('https://www.youtube-nocookie.com');
    expect(new URL(youtube).searchParams.get('enablejsapi')).toBe('1');
    for (const video of [
      { provider: 'youtube', id: 'dQw4w9WgXcQ' },
      { provider: 'vimeo', id: '76979871', hash: 'abcdef12' },
      { provider: 'wistia', id: 'e4a27b971d' },
      { provider: 'animoto', id: 'Xy7uAbCdEfG' },
    ] as const) {
      const src = new URL(playerSrc(video));
      expect(src.protocol).toBe('https:');
      expect([...src.searchParams].some(([k, v]) => /^auto(play|start)$/i.test(k) && /^(1|true)$/.test(v))).toBe(true);
    }
    expect(playerSrc({ provider: 'vimeo', id: '76979871', hash: 'abcdef12' })).toContain('h=abcdef12');
  });

  // covers 001-4.71
  it('has a pause message for Vimeo and YouTube only', () => {
    expect(JSON.parse(pauseMessage('youtube')!)).toEqual({ event: 'command', func: 'pauseVideo', args: [] });
    expect(JSON.parse(pauseMessage('vimeo')!)).toEqual({ method: 'pause' });
    expect(pauseMessage('wistia')).toBeUndefined();
    expect(pauseMessage('animoto')).toBeUndefined();
  });
});

describe('embed type and shape', () => {
  // covers 001-4.65
  it('classifies a video as iframe, object or invalid', () => {
    expect(videoType({ url: 'https://youtu.be/dQw4w9WgXcQ' })).toBe('iframe');
    expect(videoType({ file: '/s/clip.mp4' })).toBe('object');
    expect(videoType({ url: 'https://example.com/clip' })).toBe('invalid');
    expect(videoType({})).toBe('invalid');
  });

  // covers 001-9.14, 000-9.37, 001-9.15
  it('is the video’s own shape, else 56.3%; Auto is 65; N columns is 100 / N', () => {
    expect(VIDEO.FALLBACK_ASPECT).toBe(56.3);
    expect(VIDEO.POSTER_FADE_MS).toBe(1000);
    expect(videoAspect('video')).toBe(56.3);
    expect(videoAspect('video', { width: 640 })).toBe(56.3);
    expect(videoAspect('video', { width: 640, height: 360 })).toBe(56.25);
    expect(videoAspect('video', { width: 480, height: 640 })).toBeCloseTo(133.333, 3);
    expect(videoAspect('auto', { width: 640, height: 360 })).toBe(65);
    expect(videoAspect('1')).toBe(100);
    expect(videoAspect('2')).toBe(50);
    expect(videoAspect('3')).toBeCloseTo(33.333, 3);
  });
});
