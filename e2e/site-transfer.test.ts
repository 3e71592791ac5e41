/**
 * Import and export in Chromium, as an owner moves a site: "Export this site" downloads one archive
 * (the document first, then the files' bytes); after the site's title is changed, importing that
 * archive (after a confirmation saying what it replaces, with a progress bar) brings the title and
 * every file back; an import on a slow link is cancelled half-sent and changes nothing; a file that
 * is no archive, and a document with an error, are refused with their messages and its path.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, downloadedBytes, ownerApi, siteForFile, setSiteSettings, signInAsOwner, siteDocument, visitorContext } from './harness';

const env = siteForFile();

const siteTitle = async () => (await (await ownerApi(env.site())).call<{ title: string }>('GET', '/api/config/site')).title;

async function signedIn(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), {
    ...desktop,
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Import and export' }).click();
  await page.getByRole('heading', { name: 'Import and export', level: 1 }).waitFor();
  return page;
}

async function importChosen(page: Page) {
  await page.getByRole('button', { name: 'Import and replace this site' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Replace this site?' });
  await dialog.getByText('Files it does not list are removed. This cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Replace this site' }).click();
}

describe('moving a site', () => {
  it('exports the site as one archive and imports it back over a changed site, with a confirmation and progress', { timeout: 60_000 }, async () => {
    const page = await signedIn();
    expect(await seriousViolations(page)).toEqual([]);
    const title = await siteTitle();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export this site' }).click()]);
    expect(download.suggestedFilename()).toBe(`${env.site().identifier}.site.tar`);
    const archive = await downloadedBytes(download);
    // A tar entry's name is the first field of its header: the document comes first, then the files.
    expect(archive.subarray(0, 9).toString()).toBe('site.json');
    const files = (await siteDocument(env.site())).files as { name: string; private?: boolean }[];
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(archive.includes(Buffer.from(`files/${f.name}`))).toBe(true);

    await setSiteSettings(env.site(), { title: 'A title to be replaced' });
    await page.getByLabel('Site archive or document').setInputFiles({ name: 'demo.site.tar', mimeType: 'application/x-tar', buffer: archive });
    await page.getByText(/^demo\.site\.tar, \d+(\.\d+)? KB$/).waitFor();
    await importChosen(page);
    await page.getByText('Imported. The published site shows the new content now.').waitFor();
    expect(await siteTitle()).toBe(title);
    const visitor = await visitorContext(env.browser(), env.site());
    // A private file (a digital product's download) comes with the site but is never served.
    for (const f of files) expect((await visitor.request.get(`${env.site().url}/s/${f.name}`)).status()).toBe(f.private ? 404 : 200);
    await visitor.close();

    // On a slow link the bytes sent so far show; cancelled, nothing changes.
    await setSiteSettings(env.site(), { title: 'Kept while cancelled' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * 1024 });
    await page.getByLabel('Site archive or document').setInputFiles({ name: 'demo.site.tar', mimeType: 'application/x-tar', buffer: archive });
    await importChosen(page);
    const progress = page.getByRole('progressbar', { name: 'Sending demo.site.tar' });
    await expect.poll(() => progress.evaluate((p: HTMLProgressElement) => p.value), { timeout: 10_000 }).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: /^Sending demo\.site\.tar: / })
      .waitFor();
    await page.screenshot({ path: '/tmp/openpress-transfer-sending.png' });
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await page.getByText('The import was cancelled; nothing changed.').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await siteTitle()).toBe('Kept while cancelled');
    await setSiteSettings(env.site(), { title });
    await page.context().close();
  });

  it('refuses a file that is no archive, and a document with an error at its path, changing nothing', { timeout: 30_000 }, async () => {
    const page = await signedIn();
    await page
      .getByLabel('Site archive or document')
      .setInputFiles({ name: 'holiday.site.tar', mimeType: 'application/x-tar', buffer: Buffer.from('These are notes, not an archive. '.repeat(40)) });
    await importChosen(page);
    await page.getByRole('alert').filter({ hasText: 'This file is not a site archive' }).waitFor();

    const doc = await siteDocument(env.site());
    doc.pages[0]!.path = 'no-leading-slash';
    await page
      .getByLabel('Site archive or document')
      .setInputFiles({ name: 'demo.site.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    await importChosen(page);
    await page.getByRole('alert').filter({ hasText: 'This is not a valid site document; nothing was imported.' }).waitFor();
    await page.getByRole('list', { name: 'Problems in the document' }).getByText('$.pages[0].path').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/openpress-transfer-refused.png', fullPage: true });
    expect((await siteDocument(env.site())).pages[0]!.path).not.toBe('no-leading-slash');
    await page.context().close();
  });
});
