/** The checkout form as a shopper fills it, shared by the checkout journeys. */
import type { Page } from 'playwright-core';

/** A UK address (Stoke-on-Trent) and the Standard shipping option it offers. */
export async function fillUkAddress(page: Page) {
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Shopper');
  await page.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Pottery Lane');
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Stoke-on-Trent');
  await page.getByRole('combobox', { name: 'Country or territory' }).selectOption({ label: 'United Kingdom' });
  await page.getByRole('textbox', { name: 'Postcode' }).fill('ST1 1AA');
  await page.getByRole('textbox', { name: 'Postcode' }).blur();
  await page.getByRole('radio', { name: /Standard/ }).check();
}

/** Adds what the product page at `{siteUrl}/shop/{slug}` has chosen (after `choose`), and waits for the page to say so. */
export async function addToCart(page: Page, siteUrl: string, slug: string, choose?: (page: Page) => Promise<unknown>) {
  await page.goto(`${siteUrl}/shop/${slug}`);
  await page.locator('.product-detail[data-stock-known]').waitFor();
  await choose?.(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'Added to cart' }).waitFor();
}
