/**
 * The Coupons, Shipping and Taxes screens in Chromium, as an owner uses them on a copy of the demo
 * shop (WELCOME10; United Kingdom and worldwide shipping; UK VAT included in prices). The owner
 * adds a percentage coupon and sees it listed with its limit; adds a zone for France with a flat
 * rate and sees the preview's options change with the country and the subtotal; deletes the VAT
 * rule, puts it back with the one-click example, adds a rule for France and sees the preview's tax.
 * Each screen has its own address, passes axe, and fits a 390 px phone without sideways scrolling.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, signInAsOwner, siteForFile, visitorContext } from './harness';

const env = siteForFile();

async function openSidebar(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

async function ownerPage(viewport = desktop) {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...viewport, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return { page, close: () => context.close() };
}

describe('the pricing screens', () => {
  it('an owner adds a percentage coupon and sees it listed with its limit and status', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Coupons');
    expect(new URL(page.url()).pathname).toBe('/config/store/coupons');
    const table = page.getByRole('table', { name: 'Coupons' });
    const row = (code: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });
    await row('WELCOME10').getByText('10% off').waitFor();
    await row('WELCOME10').getByText('Not used yet').waitFor();
    await row('WELCOME10').getByText('Active').waitFor();

    await page.getByRole('button', { name: 'Add coupon' }).click();
    const form = page.getByRole('form', { name: 'New coupon' });
    // A code with a space is refused by the server, its message on the field.
    await form.getByLabel('Code').fill('SPRING 15');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await form.getByText('must be letters, digits, - or _').waitFor();
    await form.getByLabel('Code').fill('SPRING15');
    await form.getByRole('radio', { name: /^Percentage/ }).check();
    await form.getByLabel('Percentage off').fill('15');
    await form.getByLabel('Usage limit').fill('100');
    await form.getByLabel(/^Once per customer/).check();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon SPRING15 saved.' }).waitFor();
    await row('SPRING15').getByText('15% off').waitFor();
    await row('SPRING15').getByText('Used 0 of 100').waitFor();
    await row('SPRING15').getByText('Once per customer').waitFor();
    await row('SPRING15').getByText('Active').waitFor();

    // Switched off, it reads Off; the address brings the screen back after a reload.
    await row('SPRING15').getByRole('button', { name: 'Edit SPRING15' }).click();
    await page
      .getByRole('form', { name: 'Edit coupon SPRING15' })
      .getByLabel(/^Active/)
      .uncheck();
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon SPRING15 saved.' }).waitFor();
    await page.reload();
    await row('SPRING15').getByText('Off', { exact: true }).waitFor();
    await close();
  });

  it('an owner adds a zone with a flat rate and the preview offers it to that country', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Shipping');
    expect(new URL(page.url()).pathname).toBe('/config/store/shipping');
    await page.getByRole('heading', { name: 'United Kingdom', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Worldwide', level: 2 }).waitFor();
    const preview = page.getByRole('region', { name: 'What a shopper sees' });
    const outcome = preview.getByRole('status');
    await outcome.getByText('Choose a country to see what a shopper there is offered.').waitFor();
    await preview.getByLabel('Country', { exact: true }).selectOption({ label: 'France' });
    await outcome.getByText('Options from the zone Worldwide').waitFor();
    await outcome.getByRole('listitem').filter({ hasText: 'International' }).getByText('£15.00').waitFor();

    await page.getByRole('button', { name: 'Add shipping zone' }).click();
    const form = page.getByRole('form', { name: 'New shipping zone' });
    await form.getByLabel('Zone name').fill('France');
    await form.getByLabel('Choose a country').selectOption({ label: 'France' });
    await form.getByRole('button', { name: 'Add country' }).click();
    await form.getByRole('button', { name: 'Remove France' }).waitFor();
    await form.getByLabel('Rate name').fill('Colissimo');
    await form.getByLabel('Price', { exact: true }).fill('7.00');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('status').filter({ hasText: 'Zone France saved.' }).waitFor();
    await page.getByRole('heading', { name: 'France', level: 2 }).waitFor();

    // The preview (France still chosen) now offers the new zone's rate.
    await outcome.getByText('Options from the zone France').waitFor();
    await outcome.getByRole('listitem').filter({ hasText: 'Colissimo' }).getByText('£7.00').waitFor();
    await preview.getByLabel('Country', { exact: true }).selectOption({ label: 'United Kingdom' });
    await outcome.getByRole('listitem').filter({ hasText: 'Standard' }).getByText('£4.50').waitFor();
    await outcome.getByRole('listitem').filter({ hasText: 'Express' }).getByText('£9.00').waitFor();
    // Standard is free from a subtotal of £60.00.
    await preview.getByLabel('Cart subtotal').fill('60.00');
    await outcome.getByRole('listitem').filter({ hasText: 'Standard' }).getByText('Free', { exact: true }).waitFor();
    await close();
  });

  it('an owner puts back UK VAT with one click, adds a rule for France and sees the preview’s tax', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Taxes');
    expect(new URL(page.url()).pathname).toBe('/config/store/taxes');
    await page.getByLabel(/^Prices include tax/).waitFor();
    expect(await page.getByLabel(/^Prices include tax/).isChecked()).toBe(true);
    const rules = page.getByRole('table', { name: 'Tax rules' });
    await rules.getByRole('rowheader', { name: 'VAT' }).waitFor();

    await rules.getByRole('button', { name: 'Delete VAT' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this tax rule?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No tax rules yet: carts are not taxed.').waitFor();
    await page.getByRole('button', { name: 'Add UK VAT (20%)' }).click();
    await page.getByRole('status').filter({ hasText: 'Tax rule VAT saved.' }).waitFor();
    await rules.getByRole('row').filter({ hasText: 'United Kingdom' }).getByText('20%').waitFor();

    const preview = page.getByRole('region', { name: 'What a shopper sees' });
    const outcome = preview.getByRole('status');
    await preview.getByLabel('Country', { exact: true }).selectOption({ label: 'United Kingdom' });
    await preview.getByLabel('Amount').fill('120.00');
    await outcome.getByText('VAT at 20%').waitFor();
    await outcome.getByText('The price holds £20.00 of tax.').waitFor();

    await page.getByRole('button', { name: 'Add tax rule' }).click();
    const form = page.getByRole('form', { name: 'New tax rule' });
    await form.getByLabel('Name').fill('TVA');
    await form.getByLabel('Country', { exact: true }).selectOption({ label: 'France' });
    await form.getByLabel('Rate (%)').fill('5.5');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await page.getByRole('status').filter({ hasText: 'Tax rule TVA saved.' }).waitFor();
    await rules.getByRole('row').filter({ hasText: 'France' }).getByText('5.5%').waitFor();
    await preview.getByLabel('Country', { exact: true }).selectOption({ label: 'France' });
    await outcome.getByText('TVA at 5.5%').waitFor();
    // 120.00 holds 120 × 5.5 ÷ 105.5 = 6.255…, rounded half-up to 6.26.
    await outcome.getByText('The price holds £6.26 of tax.').waitFor();
    await close();
  });

  it('each screen fits a 390 px phone without sideways scrolling', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage({ viewport: { width: 390, height: 844 } });
    for (const [path, heading, open] of [
      ['/config/store/coupons', 'Coupons', 'Add coupon'],
      ['/config/store/shipping', 'Shipping', 'Add shipping zone'],
      ['/config/store/taxes', 'Taxes', 'Add tax rule'],
    ] as const) {
      await page.goto(`${env.site().url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('button', { name: open }).click();
      await page.getByRole('button', { name: 'Cancel' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await close();
  });
});
