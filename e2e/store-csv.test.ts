/**
 * Product CSV on the Products screen, in Chromium, as an owner uses it: Export CSV downloads the
 * shop in Shopify's columns (or Squarespace's); Import CSV sends a small Shopify file, says how
 * many products were added and updated, names the row whose image was left out, and the list
 * shows the new product; a file with a bad row names that row and its message and adds nothing.
 * A Viewer may export but is not offered Import.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addTeamMember, desktop, downloadedBytes, signInAsOwner, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();

const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Status';

const productTotal = async () =>
  (await sqlOn(env.site(), 'SELECT count(*)::int AS n FROM products WHERE website_id = $1', [env.site().websiteId]))[0]!.n as number;

async function openProducts(page: Page) {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Products', exact: true }).click();
  await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
  await page
    .getByRole('table', { name: 'Products' })
    .getByRole('row', { name: /Harbour mug/ })
    .waitFor();
}

async function importFile(page: Page, name: string, text: string) {
  const form = page.getByRole('form', { name: 'Import CSV' });
  await form.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  return form;
}

describe('product CSV on the Products screen', () => {
  it("exports in Shopify's and Squarespace's columns, imports a small file, and refuses a bad row by its number", { timeout: 120_000 }, async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await signInAsOwner(page, env.site());
    await openProducts(page);

    // Export: Shopify's columns first, then Squarespace's.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exporting = page.getByRole('region', { name: 'Export CSV' });
    expect(await exporting.getByRole('radio', { name: 'Shopify' }).isChecked()).toBe(true);
    const [shopify] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(shopify.suggestedFilename()).toMatch(/-products-shopify\.csv$/);
    const lines = (await downloadedBytes(shopify)).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${SHOPIFY_HEADER}`);
    expect(lines.some((l) => l.startsWith('harbour-mug,Harbour mug,'))).toBe(true);
    await exporting.getByRole('radio', { name: 'Squarespace' }).check();
    const [squarespace] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('link', { name: 'Download CSV' }).click()]);
    expect((await downloadedBytes(squarespace)).toString('utf8')).toMatch(/^\uFEFFProduct ID \[Non Editable\],Variant ID \[Non Editable\],/);
    await exporting.getByRole('button', { name: 'Close' }).click();

    // Import: one new product; its photo from another site is left out, named by its row.
    const before = await productTotal();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const form = await importFile(
      page,
      'salt.csv',
      [
        'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Status',
        'salt-cellar,Salt cellar,<p>A lidded pot for the table.</p>,Title,Default Title,SALT-1,6,18.00,https://cdn.example.net/salt.jpg,active',
      ].join('\r\n'),
    );
    await form.getByRole('status').filter({ hasText: '1 product added, none updated.' }).waitFor();
    const warnings = form.getByRole('list', { name: 'Imported with warnings' });
    expect(await warnings.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Row 2 The image https:\/\/cdn\.example\.net\/salt\.jpg was left out/),
    ]);
    const saltRow = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: /Salt cellar/ });
    await saltRow.waitFor();
    expect(await saltRow.getByText('Available').count()).toBe(1);
    expect(await productTotal()).toBe(before + 1);

    // A bad price: the row and its message, and nothing added (the good row neither).
    await importFile(page, 'bad.csv', 'Handle,Title,Variant Price,Variant SKU\r\ntea-bowl,Tea bowl,24.00,TEA-1\r\nbad-price,Bad price,12.345,BAD-1\r\n');
    await form.getByRole('alert').filter({ hasText: 'Nothing was imported: fix the rows named below and import the file again.' }).waitFor();
    expect(await form.getByRole('list', { name: 'Refused rows' }).getByRole('listitem').allTextContents()).toEqual([
      'Row 3 Variant Price: "12.345" is not a price in GBP.',
    ]);
    expect(await productTotal()).toBe(before + 1);
    expect(
      await page
        .getByRole('table', { name: 'Products' })
        .getByRole('row', { name: /Tea bowl/ })
        .count(),
    ).toBe(0);
    await context.close();
  });

  it('a Viewer exports but is not offered Import', async () => {
    const viewer = await addTeamMember(env.site(), 'VIEWER');
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await signInAsOwner(page, env.site(), viewer);
    await openProducts(page);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import CSV' }).count()).toBe(0);
    await context.close();
  });
});
