/**
 * The site icon and the header's logo over HTTP (Fastify inject against a real PostgreSQL, the
 * demo site): /favicon.ico and the linked PNG sizes answer the default mark until the owner picks
 * an icon, then the owner's (a PNG or an SVG, drawn at each size); the linked version is cached for
 * a year and any other briefly; a new icon changes every page's links at once; and a logo or icon
 * that is not an image of the site is refused with 400 and a message naming it, changing nothing.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { teamDemoForFile } from './demo-app';

const demo = teamDemoForFile();

const RED = { r: 200, g: 30, b: 40 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#1e40c8"/></svg>',
);

const upload = async (fileName: string, bytes: Buffer) => {
  const res = await demo().owner.call('POST', '/api/config/files', bytes, { headers: { 'content-type': 'application/octet-stream', 'x-file-name': fileName } });
  expect(res.statusCode, res.body).toBe(200);
};

type HeaderFooter = { header: Record<string, unknown>; footer: Record<string, unknown> };
const headerFooter = async () => (await demo().owner.call('GET', '/api/site-header-footer')).json() as HeaderFooter;
const saveHeader = async (changes: Record<string, unknown>) => {
  const current = await headerFooter();
  return demo().owner.call('PUT', '/api/site-header-footer', { header: { ...current.header, ...changes }, footer: current.footer });
};

/** The icon links of the home page's head, as written. */
async function iconLinks(): Promise<string[]> {
  const html = (await demo().visitor.call('GET', '/')).body;
  return [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]*>/g)].map((m) => m[0]);
}
const hrefOf = (link: string) => /href="([^"]+)"/.exec(link)![1]!.replace(/&amp;/g, '&');

/** An image answer's size and the colour at its centre. */
async function picture(body: Buffer) {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { width: info.width, height: info.height, centre: { r: data[at], g: data[at + 1], b: data[at + 2] } };
}

describe('the site icon', () => {
  it('answers the default mark at /favicon.ico and at the sizes pages link, until the owner picks one', async () => {
    expect(await iconLinks()).toEqual([
      '<link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png?v=default-1"/>',
      '<link rel="apple-touch-icon" type="image/png" sizes="180x180" href="/apple-touch-icon.png?v=default-1"/>',
    ]);
    const ico = await demo().visitor.call('GET', '/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=300');
    expect(ico.headers['set-cookie']).toBeUndefined();
    // An ICO of three PNGs: 16, 32 and 48 pixels.
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1);
    expect(ico.rawPayload.readUInt16LE(4)).toBe(3);
    expect([0, 1, 2].map((i) => ico.rawPayload.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);

    const tab = await demo().visitor.call('GET', '/favicon-32x32.png?v=default-1');
    expect(tab.statusCode).toBe(200);
    expect(tab.headers['content-type']).toBe('image/png');
    expect(tab.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await picture(tab.rawPayload)).width).toBe(32);
    const home = await demo().visitor.call('GET', '/apple-touch-icon.png');
    expect(home.headers['cache-control']).toBe('public, max-age=300');
    expect(await sharp(home.rawPayload).metadata()).toMatchObject({ width: 180, height: 180, hasAlpha: false });
    // Asked again with its entity tag: not modified.
    const again = await demo().visitor.call('GET', '/favicon-32x32.png?v=default-1', undefined, { headers: { 'if-none-match': String(tab.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers the owner’s icon once picked, and every page links its new version at once', async () => {
    await upload(
      'studio-icon.png',
      await sharp({ create: { width: 300, height: 200, channels: 4, background: { ...RED, alpha: 1 } } })
        .png()
        .toBuffer(),
    );
    const saved = await saveHeader({ icon: '/s/studio-icon.png' });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await iconLinks())[0], { timeout: 5000 }).not.toContain('default-1');
    const links = await iconLinks();
    expect(links[0]).toMatch(/^<link rel="icon" type="image\/png" sizes="32x32" href="\/favicon-32x32\.png\?v=[0-9a-f]{16}"\/>$/);

    const tab = await demo().visitor.call('GET', hrefOf(links[0]!));
    expect(tab.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The whole image, centred on a transparent square: never cropped.
    expect(await picture(tab.rawPayload)).toEqual({ width: 32, height: 32, centre: RED });
    expect((await sharp(tab.rawPayload).raw().toBuffer())[3]).toBe(0);
    const home = await demo().visitor.call('GET', hrefOf(links[1]!));
    expect(await picture(home.rawPayload)).toEqual({ width: 180, height: 180, centre: RED });
    // The old version's address answers the new icon, briefly cached.
    const stale = await demo().visitor.call('GET', '/favicon-32x32.png?v=default-1');
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect((await picture(stale.rawPayload)).centre).toEqual(RED);
    const ico = await demo().visitor.call('GET', '/favicon.ico');
    expect((await picture(ico.rawPayload.subarray(ico.rawPayload.readUInt32LE(6 + 12)))).centre).toEqual(RED);
  });

  it('draws an SVG icon at each size', async () => {
    await upload('mark.svg', SVG);
    const before = hrefOf((await iconLinks())[1]!);
    expect((await saveHeader({ icon: '/s/mark.svg' })).statusCode).toBe(200);
    await expect.poll(async () => hrefOf((await iconLinks())[1]!), { timeout: 5000 }).not.toBe(before);
    expect(hrefOf((await iconLinks())[1]!)).toMatch(/^\/apple-touch-icon\.png\?v=[0-9a-f]{16}$/);
    const home = await demo().visitor.call('GET', hrefOf((await iconLinks())[1]!));
    expect(await picture(home.rawPayload)).toEqual({ width: 180, height: 180, centre: { r: 30, g: 64, b: 200 } });
  });
});

describe('the header logo', () => {
  it('shows the logo beside the title, or alone named by the title, with its width and height', async () => {
    await upload(
      'wide-logo.png',
      await sharp({ create: { width: 400, height: 100, channels: 3, background: '#223344' } })
        .png()
        .toBuffer(),
    );
    expect((await saveHeader({ logo: '/s/wide-logo.png', logoHeight: 48 })).statusCode).toBe(200);
    await expect
      .poll(async () => (await demo().visitor.call('GET', '/about')).body, { timeout: 5000 })
      .toContain('class="site-title site-logo site-logo-logo-and-title"');
    let html = (await demo().visitor.call('GET', '/about')).body;
    const logo = /<img [^>]*class="site-logo-image"[^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['src="/s/wide-logo.png"', 'alt=""', 'width="192"', 'height="48"']) expect(logo).toContain(attribute);
    expect(html).toContain('<span class="site-title-text">Juniper Ceramics</span>');
    expect(html).toContain('<style>.site-logo-image{height:48px}');

    expect((await saveHeader({ logoDisplay: 'logo' })).statusCode).toBe(200);
    await expect.poll(async () => (await demo().visitor.call('GET', '/about')).body, { timeout: 5000 }).toContain('alt="Juniper Ceramics"');
    html = (await demo().visitor.call('GET', '/about')).body;
    expect(html).not.toContain('site-title-text');

    expect((await saveHeader({ logoDisplay: 'title' })).statusCode).toBe(200);
    await expect.poll(async () => (await demo().visitor.call('GET', '/about')).body, { timeout: 5000 }).not.toContain('site-logo');
    expect((await demo().visitor.call('GET', '/about')).body).toContain('<a class="site-title" href="/">Juniper Ceramics</a>');
  });
});

describe('bad input', () => {
  it('refuses a logo or an icon that is not an image of the site with 400, naming it, and changes nothing', async () => {
    await upload('price-list.pdf', PDF);
    const before = await headerFooter();
    const cases = [
      {
        changes: { logo: '/s/price-list.pdf' },
        field: 'header.logo',
        message: 'price-list.pdf is not an image: the logo must be a PNG, JPEG, WebP, GIF, AVIF or SVG file.',
      },
      {
        changes: { icon: '/s/price-list.pdf' },
        field: 'header.icon',
        message: 'price-list.pdf is not an image: the site icon must be a PNG, JPEG, WebP, GIF, AVIF or SVG file.',
      },
      {
        changes: { icon: '/s/no-such-icon.png' },
        field: 'header.icon',
        message: 'There is no file no-such-icon.png on this site: pick the site icon again from Files.',
      },
    ];
    for (const { changes, field, message } of cases) {
      const res = await saveHeader(changes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: message, errors: { [field]: message } });
    }
    for (const changes of [{ logo: 'https://example.com/logo.png' }, { logoHeight: 500 }, { logoDisplay: 'huge' }]) {
      const res = await saveHeader(changes);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([`header.${Object.keys(changes)[0]}`]);
    }
    expect(await headerFooter()).toEqual(before);
  });

  it('keeps a file the header uses from being deleted', async () => {
    const files = (await demo().owner.call('GET', '/api/config/files?search=studio-icon')).json().files as { id: string; name: string }[];
    const icon = files.find((f) => f.name === 'studio-icon.png')!;
    expect((await saveHeader({ icon: '/s/studio-icon.png' })).statusCode).toBe(200);
    const res = await demo().owner.call('DELETE', `/api/config/files/${icon.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('Site settings');
  });
});
