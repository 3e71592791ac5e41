/**
 * The asset library in Chromium, as an owner uses it: the space the site's files take shown as a
 * meter; upload two images and a PDF at once through "Choose files" (a progress bar each, all three
 * listed, "Processing…" until the pipeline is done, the space used grown);
 * cancel an upload half-sent (the network throttled so it is still going) and find nothing stored;
 * a mislabelled file, a corrupt JPEG, a 100-megapixel PNG each refused with its message, and a file
 * over the image limit refused in the browser with the seed's message before any request; an
 * empty name refused; alt text and a focal point set on the preview; the image placed on the home
 * page from the editor's picker (taking that alt text and focal point) and published; as a
 * visitor, the image has its width and height; deleting it is refused while the page uses it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, ownerApi, publishFromEditor, requestsSeen, siteForFile, signInAsOwner, visitorContext } from './harness';

const env = siteForFile();

type Listed = {
  id: string;
  name: string;
  title: string;
  status: string;
  alt: string;
  focalX: number | null;
  focalY: number | null;
  width: number | null;
  height: number | null;
};
const listed = async () => (await (await ownerApi(env.site())).call<{ files: Listed[] }>('GET', '/api/config/files')).files;
const titles = async () => (await listed()).map((f) => f.title).sort();

/** The smallest valid PDF: a catalogue, one empty page, its cross-reference table. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n170\n%%EOF\n',
);

const files: Record<string, Buffer> = {};
let onDisk = '';
beforeAll(async () => {
  files.red = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b03a2e' } })
    .png()
    .toBuffer();
  files.blue = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1f4e79' } })
    .jpeg()
    .toBuffer();
  // 100 megapixels of one colour: small on disk, far over the pixel limit once decoded.
  files.giant = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#888888' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  // A JPEG's start (SOI and a JFIF header) and then nothing a decoder can read.
  files.corrupt = Buffer.concat([files.blue.subarray(0, 200), Buffer.alloc(4000, 0x5a)]);
  // The large ones are chosen from disk, as a person would, rather than sent to the browser in a message.
  onDisk = await mkdtemp(path.join(tmpdir(), 'openpress-files-test-'));
  // Noise does not compress: a few megabytes, long enough to cancel half-way on a throttled link.
  const noisy = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  await writeFile(path.join(onDisk, 'noisy.png'), noisy);
  // 20 MB and a byte: over the image limit (001 §9: megabytes of 1,000,000 bytes).
  await writeFile(path.join(onDisk, 'huge.png'), Buffer.alloc(20 * 1_000_000 + 1, 1));
});
afterAll(async () => {
  if (onDisk) await rm(onDisk, { recursive: true, force: true });
});

async function signedIn(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Files' }).click();
  await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
  return page;
}

const chooser = (page: Page) => page.getByLabel('Choose files');
/** Each POST of a file's bytes the page sends. */
function countUploads(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/config/files') n += 1;
  });
  return { count: () => n };
}

describe('the asset library', () => {
  // covers 000-5.57, 001-8.39
  // Three uploads, their processing and a dozen screens: about 40 s on a busy two-core machine.
  it('uploads several files with progress, cancels one, refuses bad ones with their messages, and edits alt text and focal point', {
    timeout: 120_000,
  }, async () => {
    const page = await signedIn();
    const before = await titles();
    const uploads = countUploads(page);
    // The space the site's files take, of the server's share for each site (SITE_STORAGE_MB).
    const space = page.getByRole('meter', { name: 'Space used' });
    const spaceText = await space.getAttribute('aria-valuetext');
    expect(spaceText).toMatch(/^\d+(\.\d)? MB of 2000 MB used$/);
    await page.getByText(spaceText!, { exact: true }).waitFor();
    const used = () => space.evaluate((meter: HTMLMeterElement) => meter.value);
    const usedBefore = await used();

    // Three at once: each has its progress bar, and all three are listed once stored.
    await chooser(page).setInputFiles([
      { name: 'red-square.png', mimeType: 'image/png', buffer: files.red! },
      { name: 'blue-field.jpg', mimeType: 'image/jpeg', buffer: files.blue! },
      { name: 'price-list.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    for (const name of ['red-square.png', 'blue-field.jpg', 'price-list.pdf']) await page.getByRole('progressbar', { name: `Upload of ${name}` }).waitFor();
    const grid = page.getByRole('list', { name: 'Files' });
    for (const name of ['red-square.png', 'blue-field.jpg', 'price-list.pdf']) await grid.getByRole('heading', { name }).waitFor();
    expect(await titles()).toEqual([...before, 'blue-field.jpg', 'price-list.pdf', 'red-square.png'].sort());
    expect(uploads.count()).toBe(3);
    await expect.poll(used).toBe(usedBefore + files.red!.length + files.blue!.length + PDF.length);
    // The pipeline finishes: the list, read again every 2 s while a file is processing, says so.
    await expect.poll(() => grid.getByText('Processing…').count(), { timeout: 20_000 }).toBe(0);
    const red = (await listed()).find((f) => f.title === 'red-square.png')!;
    expect(red).toMatchObject({ status: 'ready', width: 640, height: 480 });
    await grid
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'red-square.png' }) })
      .getByText('640 × 480 px')
      .waitFor();
    await grid
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'price-list.pdf' }) })
      .getByText('Not used')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Cancelled half-sent (the link throttled so the upload is still going): nothing is stored.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await chooser(page).setInputFiles(path.join(onDisk, 'noisy.png'));
    const progress = page.getByRole('progressbar', { name: 'Upload of noisy.png' });
    await expect.poll(() => progress.evaluate((p: HTMLProgressElement) => p.value), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel the upload of noisy.png' }).click();
    await page.getByRole('listitem').filter({ hasText: 'noisy.png' }).getByText('File processing cancelled').waitFor();
    await page.getByRole('status').filter({ hasText: 'noisy.png: File processing cancelled' }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect((await titles()).includes('noisy.png')).toBe(false);

    // Refusals, each with its message: mislabelled, corrupt, too many pixels (the server's), too large (the browser's, with no request).
    await chooser(page).setInputFiles([
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: files.red! },
      { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: files.corrupt! },
      { name: 'giant.png', mimeType: 'image/png', buffer: files.giant! },
    ]);
    const alerts = page.getByRole('alert');
    // 000 §5 file type message
    await alerts.filter({ hasText: 'The file report.pdf does not appear to be a supported file.' }).waitFor();
    await alerts.filter({ hasText: /broken\.jpg could not be read as an image/ }).waitFor();
    await alerts.filter({ hasText: /The image giant\.png is too large to process: at most 50 megapixels/ }).waitFor();
    await requestsSeen(page);
    const sentBefore = uploads.count();
    // 000 §5 too-large message; 001 §9 megabytes of 1,000,000 bytes: 20 MB + 1 byte is over.
    await chooser(page).setInputFiles(path.join(onDisk, 'huge.png'));
    await alerts.filter({ hasText: 'The file huge.png is too large. The maximum allowed file size is 20 MB.' }).waitFor();
    await requestsSeen(page);
    expect(uploads.count()).toBe(sentBefore);
    expect((await titles()).filter((t) => ['report.pdf', 'broken.jpg', 'giant.png', 'huge.png'].includes(t))).toEqual([]);

    // Details: an empty name is refused; alt text and a focal point (a click, then an arrow key) are saved.
    await page.getByRole('button', { name: 'Details of red-square.png' }).click();
    const details = page.getByRole('dialog', { name: 'red-square.png' });
    await details.getByLabel('File name').fill('');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await details.getByText('Please enter a file name').waitFor();
    await details.getByLabel('File name').fill('red-square.png');
    await details.getByLabel('Alternative text').fill('A red glaze test tile');
    const focal = details.getByRole('button', { name: /^Focal point/ });
    // The picture as the owner sees it: loaded (a copy is made for the request until the pipeline's exist).
    await expect.poll(() => focal.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Clicked where the picture is when the click lands (Playwright waits for it to stop moving: the
    // dialog's status line changes as the file's copies arrive).
    const box = (await focal.locator('img').boundingBox())!;
    await focal.locator('img').click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await expect.poll(() => focal.getAttribute('aria-label')).toMatch(/^Focal point: 2[4-6]% across, 7[4-6]% down$/);
    await focal.press('ArrowRight');
    await expect.poll(() => focal.getAttribute('aria-label')).toMatch(/^Focal point: 3[0-1]% across, 7[4-6]% down$/);
    expect(await seriousViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await details.getByText('The changes to red-square.png are saved.').waitFor();
    const saved = (await listed()).find((f) => f.id === red.id)!;
    expect(saved.alt).toBe('A red glaze test tile');
    expect(saved.focalX).toBeCloseTo(0.3, 1);
    expect(saved.focalY).toBeCloseTo(0.75, 1);
    // The original, as uploaded, is the team's download; visitors get copies.
    const original = details.getByRole('link', { name: 'Download the original' });
    const download = await page.request.get(new URL((await original.getAttribute('href'))!, page.url()).href);
    expect(download.headers()['content-disposition']).toBe(`attachment; filename="${red.name}"`);
    expect((await download.body()).equals(files.red!)).toBe(true);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('places a library image in the editor with its alt text and focal point, publishes it, and refuses to delete it while used', {
    timeout: 60_000,
  }, async () => {
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor();
    await page.getByRole('button', { name: 'Add Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByLabel('Search images').fill('red');
    await expect.poll(() => picker.getByRole('list').getByRole('button').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'red-square.png, 640 × 480 px' }).click();
    const panel = page.getByRole('complementary', { name: 'Image settings' });
    expect(await panel.getByLabel('Alternative text').inputValue()).toBe('A red glaze test tile');
    expect(await panel.getByRole('button', { name: /^Focal point/ }).getAttribute('aria-label')).toMatch(/^Focal point: 3[0-1]% across, 7[4-6]% down$/);
    await publishFromEditor(page);

    // A visitor's image has its size, so the page does not move as it loads.
    const visitor = await (await visitorContext(env.browser(), env.site())).newPage();
    await visitor.goto(`${env.site().url}/`);
    const img = visitor.getByRole('img', { name: 'A red glaze test tile' });
    await img.waitFor({ state: 'attached' });
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
    // Its address is set by the image's script, which picks the size the layout needs, once it nears the view.
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc || el.src)).toContain('red-square.png');
    await visitor.context().close();

    // Used on the home page now: its card says so, and deleting it is refused naming the page.
    await page.getByRole('button', { name: 'All pages' }).click();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Files' }).click();
    const card = page
      .getByRole('list', { name: 'Files' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'red-square.png' }) });
    await card.getByText('Used on 1 page').waitFor();
    await card.getByRole('button', { name: 'Details of red-square.png' }).click();
    const details = page.getByRole('dialog', { name: 'red-square.png' });
    await details.getByText('Home (published)').waitFor();
    await details.getByRole('button', { name: 'Delete file' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete red-square.png?' });
    await confirm.getByText('red-square.png leaves the library and its address /s/red-square.png stops working. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete the file' }).click();
    await details
      .getByRole('alert')
      .filter({ hasText: /is used on 1 page or post \(Home\)/ })
      .waitFor();
    expect((await titles()).includes('red-square.png')).toBe(true);
    await page.context().close();
  });
});
