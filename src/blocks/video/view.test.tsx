/**
 * The video block's server markup (seed 001 §3, §4): a site's video file in the browser's own
 * player, fetched only when played; an address of no recognised provider, with or without a
 * custom poster, as the seed's invalid-embed messages.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../types';
import { videoData } from './schema';
import { VideoView } from './view';

const ctx: RenderContext = { host: 'shop.example', files: new Map([['clip.mp4', { name: 'clip.mp4', contentType: 'video/mp4' }]]), featureFlags: [] };
const render = (data: unknown) => renderToStaticMarkup(<VideoView id="b1" data={videoData.parse(data)} ctx={ctx} columns={12} priority={false} />);

describe('video block markup', () => {
  it('plays a file of the site in the browser’s own player, loading nothing before play', () => {
    const html = render({ file: '/s/clip.mp4', loop: true, title: 'Kiln opening' });
    expect(html).toContain(
      '<video controls="" preload="none" playsInline="" loop="" title="Kiln opening" class="video-native"><source src="/s/clip.mp4" type="video/mp4"/></video>',
    );
    expect(html).toContain('data-type="object"');
  });

  // covers 001-4.66, 001-4.67
  it('shows the seed’s invalid-embed messages for an address no provider is recognised for', () => {
    expect(render({ url: 'https://example.com/film' })).toContain('<p>Invalid video embed.</p>');
    expect(render({ url: 'https://example.com/film', poster: '/s/cover.jpg' })).toContain(
      '<p>Custom featured images only available with embedded videos. Go back into embed settings to turn off featured images.</p>',
    );
  });

  // covers 001-3.10
  it('carries data-html and data-provider-name, and no provider address outside data-html', () => {
    const html = render({
      url: 'https://vimeo.com/76979871',
      embed: { url: 'https://vimeo.com/76979871', provider: 'vimeo', title: 'Glazing', poster: '/s/glaze.jpg' },
    });
    expect(html).toContain('data-provider-name="Vimeo"');
    expect(html).toMatch(/data-html="&lt;iframe src=&quot;https:\/\/player\.vimeo\.com\/video\/76979871\?autoplay=1&quot; title=&quot;Glazing&quot;/);
    expect(html.replace(/data-html="[^"]*"/, '').replace(/<noscript>.*<\/noscript>/, '')).not.toContain('vimeo.com');
  });
});
