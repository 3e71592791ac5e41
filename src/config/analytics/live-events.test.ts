import { describe, expect, it } from 'vitest';
import { eventPage } from './live-events';

describe('live events', () => {
  it('names the page of each kind of mirrored event', () => {
    expect(eventPage({ pagePath: '/about', url: 'https://x.example/other' })).toBe('/about');
    expect(eventPage({ url: 'https://x.example/blog/post?x=1' })).toBe('/blog/post');
    expect(eventPage({ landing: 'https://x.example/?source=mail' })).toBe('/');
    expect(eventPage({ clickthroughUrl: '/contact', buttonText: 'Write' })).toBe('→ /contact');
    expect(eventPage({ formId: 'f1' })).toBe('');
    expect(eventPage({ url: 'not a url' })).toBe('not a url');
  });
});
