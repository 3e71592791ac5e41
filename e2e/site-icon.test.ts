/**
 * The site's icon and logo in Chromium: a fresh site's first visit meets no error answer and no
 * console error (its icon links and /favicon.ico answer the default icon); the owner picks a logo
 * and an icon from Files under Design → Header, sees them in the screen's preview, saves, and a
 * visitor then sees the logo in the header (named by the site's title when shown alone, sized so
 * nothing shifts) and gets the owner's icon at the linked addresses and at /favicon.ico.
 */
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktop, ownerApi, signInAsOwner, siteForFile, uploadImages, visitorContext } from './harness';

const env = siteForFile();

/** A wide logo (4:1) and a square icon in a colour the default mark has nowhere. */
const LOGO = { name: 'studio-logo.png', width: 400, height: 100 };
const ICON = { name: 'studio-icon.png', size: 256 };
const ICON_RED = { r: 200, g: 30, b: 40 };
let title = '';

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 4, background: { ...colour, alpha: 1 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  await uploadImages(env.site(), [
    { name: LOGO.name, type: 'image/png', data: await png(LOGO.width, LOGO.height, { r: 20, g: 40, b: 160 }) },
    { name: ICON.name, type: 'image/png', data: await png(ICON.size, ICON.size, ICON_RED) },
  ]);
  title = (await (await ownerApi(env.site())).call<{ title: string }>('GET', '/api/config/site')).title;
});

/** The addresses the page's head links as its icons, with their declared sizes and types. */
const iconLinks = (page: Page) =>
  page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) =>
      links.map((l) => ({ rel: l.getAttribute('rel'), href: (l as HTMLLinkElement).href, sizes: l.getAttribute('sizes'), type: l.getAttribute('type') })),
    );

/** An icon address's answer: its status, type and the image's size and centre colour. */
async function fetchIcon(page: Page, href: string) {
  const res = await page.request.get(href);
  const body = await res.body();
  // An ICO's first image (its directory's first entry says where it starts) is a PNG of its own.
  const image = sharp(res.headers()['content-type'] === 'image/x-icon' ? body.subarray(body.readUInt32LE(6 + 12)) : body);
  const meta = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return {
    status: res.status(),
    type: res.headers()['content-type'],
    width: meta.width,
    height: meta.height,
    centre: { r: data[centre]!, g: data[centre + 1]!, b: data[centre + 2]! },
  };
}

describe('a first visit', () => {
  it('meets no error answer and no console error, and every icon the page links answers an image', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const failed: string[] = [];
    const errors: string[] = [];
    page.on('response', (res: Response) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    expect((await page.goto(`${env.site().url}/`))?.status()).toBe(200);
    await page.waitForLoadState('networkidle');

    const links = await iconLinks(page);
    expect(links.map(({ rel, sizes, type }) => ({ rel, sizes, type }))).toEqual([
      { rel: 'icon', sizes: '32x32', type: 'image/png' },
      { rel: 'apple-touch-icon', sizes: '180x180', type: 'image/png' },
    ]);
    for (const link of links) {
      const icon = await fetchIcon(page, link.href);
      expect(icon).toMatchObject({ status: 200, type: 'image/png', width: Number(link.sizes!.split('x')[0]), height: Number(link.sizes!.split('x')[0]) });
    }
    // What browsers and feed readers ask for by name.
    const favicon = await fetchIcon(page, `${env.site().url}/favicon.ico`);
    expect(favicon).toMatchObject({ status: 200, type: 'image/x-icon', width: 16, height: 16 });

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the logo and the site icon', () => {
  it('are picked from Files under Design → Header, and visitors see the logo and get the icon', async () => {
    const owner = await visitorContext(env.browser(), env.site(), desktop);
    const page = await owner.newPage();
    await signInAsOwner(page, env.site());
    await page.goto(`${env.site().url}/config/design/header`);
    const header = page.getByRole('group', { name: 'Header' });

    await header.getByRole('button', { name: 'Choose a logo' }).click();
    let picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: `${LOGO.name}, ${LOGO.width} × ${LOGO.height} px` }).click();
    await picker.waitFor({ state: 'hidden' });
    await header.getByLabel('Show in the header').selectOption({ label: 'Logo only' });
    await header.getByLabel(/^Logo height in pixels/).fill('32');

    await header.getByRole('button', { name: 'Choose a site icon' }).click();
    picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: `${ICON.name}, ${ICON.size} × ${ICON.size} px` }).click();
    await picker.waitFor({ state: 'hidden' });

    // The preview shows the header as visitors will: the logo alone, named by the title, 32 px tall.
    const preview = page.getByRole('figure', { name: 'As visitors will see it' });
    const previewLogo = preview.getByRole('img', { name: title });
    await expect.poll(() => previewLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(Math.round((await previewLogo.boundingBox())!.height)).toBe(32);

    await page.getByRole('button', { name: 'Save header' }).click();
    await page.getByText('Saved. Every page shows the new header and footer now.').waitFor();
    await owner.close();

    const context = await visitorContext(env.browser(), env.site(), desktop);
    const visitor = await context.newPage();
    const failed: string[] = [];
    visitor.on('response', (res: Response) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    await visitor.goto(`${env.site().url}/`);
    const banner = visitor.getByRole('banner');
    const home = banner.getByRole('link', { name: title, exact: true });
    const logo = home.getByRole('img', { name: title });
    await logo.waitFor();
    // Its box is known before the image arrives (width and height attributes), 4:1 at 32 px tall.
    expect(await logo.getAttribute('width')).toBe('128');
    expect(await logo.getAttribute('height')).toBe('32');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await logo.boundingBox())!;
    expect({ width: Math.round(box.width), height: Math.round(box.height) }).toEqual({ width: 128, height: 32 });
    expect(await logo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/s\/[0-9a-f]{16}\/studio-logo\.png/);
    // The title is the logo's text alone: not written beside it.
    expect(await banner.getByText(title, { exact: true }).count()).toBe(0);

    const links = await iconLinks(visitor);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const icon = await fetchIcon(visitor, link.href);
      const size = Number(link.sizes!.split('x')[0]);
      expect(icon).toMatchObject({ status: 200, type: 'image/png', width: size, height: size });
      expect(icon.centre).toEqual(ICON_RED);
    }
    const favicon = await fetchIcon(visitor, `${env.site().url}/favicon.ico`);
    expect(favicon).toMatchObject({ status: 200, type: 'image/x-icon' });
    expect(favicon.centre).toEqual(ICON_RED);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('fits the logo in the phone header, at most 64 px tall', async () => {
    const api = await ownerApi(env.site());
    const current = await api.call<{ header: Record<string, unknown>; footer: unknown }>('GET', '/api/site-header-footer');
    await api.call('PUT', '/api/site-header-footer', {
      header: { ...current.header, logo: `/s/${LOGO.name}`, logoDisplay: 'logo-and-title', logoHeight: 120 },
      footer: current.footer,
    });
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await expect
      .poll(async () => {
        await page.goto(`${env.site().url}/`);
        return page.getByRole('banner').getByText(title, { exact: true }).count();
      })
      .toBe(1);
    // Beside the title the logo adds nothing to the link's name.
    const logo = page.getByRole('banner').locator('img.site-logo-image');
    expect(await logo.getAttribute('alt')).toBe('');
    expect(Math.round((await logo.boundingBox())!.height)).toBe(44);
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64);
    await context.close();
  });
});
