/**
 * Store → Payments and the minimal orders list in Chromium, as an owner uses them on a new copy of
 * the demo shop (a new store on the shared servers' managed database: test mode off). The owner
 * turns test mode on and off and on again, each time told what it means for shoppers; turns bank transfer on, is asked for its
 * instructions, gives them; sets the next order number, refused at or below an order's number; and
 * marks an offline order paid in the orders list. Each screen has its own address and passes axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, signInAsOwner, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();

async function openSidebar(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

async function ownerPage() {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return { page, close: () => context.close() };
}

/** An unpaid bank-transfer order numbered `number`, as checkout leaves one, with its awaited payment. */
async function unpaidOrder(number: number): Promise<void> {
  const { websiteId } = env.site();
  const id = `e2e0rder${number}`;
  await sqlOn(
    env.site(),
    `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents, shipping_cents, tax_cents,
        total_cents, prices_include_tax, payment_status, provider, payment_method, payment_instructions, test_mode, access_token_hash, cancel_unpaid_at)
      VALUES ($1, $2, $3, $2, $2, 'ada@example.com', 'Ada Lovelace', 'USD', 4800, 0, 0, 0, 4800, false, 'unpaid', 'manual', 'bank_transfer', 'Pay to our account.', true, $2,
        now() + interval '7 days')`,
    [websiteId, id, number],
  );
  await sqlOn(
    env.site(),
    `INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status)
      VALUES ($1, $2, $2, $2, 'manual', $2, 'bank_transfer', 4800, 'USD', 'pending')`,
    [websiteId, id],
  );
}

describe('Store → Payments', () => {
  it('an owner turns test mode off and on, offers bank transfer with its instructions, and sets the next order number', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Payments');
    expect(new URL(page.url()).pathname).toBe('/config/store/payments');
    const testMode = page.getByRole('checkbox', { name: 'Test mode' });
    const on = page.getByText('Test mode is on: shoppers pay with test cards and no money is taken.');
    // A new store on a managed database (DATABASE_URL) takes real payments from the start.
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    expect(await testMode.isChecked()).toBe(false);
    await page.getByText('When you connect a card processor, you will be asked to turn test mode off so that shoppers pay for real.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await testMode.check();
    await on.waitFor();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    await on.waitFor();

    await testMode.uncheck();
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    expect(await testMode.isChecked()).toBe(false);
    await testMode.check();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();

    // Bank transfer on without instructions: the server asks for them, on the field.
    await page.getByRole('checkbox', { name: 'Offer Bank transfer' }).check();
    const instructions = page.getByLabel('Instructions for Bank transfer');
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByText('Write the instructions shoppers are shown and emailed for this method, or turn it off.').waitFor();
    expect(await instructions.getAttribute('aria-invalid')).toBe('true');
    await instructions.fill('Pay to IBAN GB33 BUKB 2020 1555 5555 55 with your order number.');
    await page.getByLabel('Days before an unpaid order is cancelled').fill('10');
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    expect(await page.getByLabel('Instructions for Bank transfer').inputValue()).toBe('Pay to IBAN GB33 BUKB 2020 1555 5555 55 with your order number.');
    expect(await page.getByLabel('Days before an unpaid order is cancelled').inputValue()).toBe('10');
    expect(await testMode.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Offer Cash on delivery' }).isChecked()).toBe(false);

    // An order numbered 1001 exists: the next number must be higher.
    await unpaidOrder(1001);
    await page.reload();
    const nextNumber = page.getByLabel('Next order number');
    await page.getByText('It may be set to 1002 or more.', { exact: false }).waitFor();
    await nextNumber.fill('1001');
    await page.getByRole('button', { name: 'Save order number' }).click();
    await page
      .getByText('The next order number must be higher than every order’s number so far: 1002 or more. Numbers are never given twice, so they cannot go back.')
      .first()
      .waitFor();
    await nextNumber.fill('5000');
    await page.getByRole('button', { name: 'Save order number' }).click();
    await page.getByRole('status').filter({ hasText: 'The next order will be number 5000.' }).waitFor();
    await page.reload();
    // The field is drawn before its number loads: the hint comes with the number.
    await page.getByText('It may be set to 1002 or more.', { exact: false }).waitFor();
    expect(await page.getByLabel('Next order number').inputValue()).toBe('5000');
    await close();
  });

  it('an owner marks an offline order paid in the orders list', { timeout: 120_000 }, async () => {
    await unpaidOrder(1002);
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Orders');
    expect(new URL(page.url()).pathname).toBe('/config/store/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '#1002', exact: true }) });
    await row.getByText('Ada Lovelace').waitFor();
    await row.getByText('$48.00').waitFor();
    await row.getByText('Awaiting payment').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Mark paid: order 1002' }).click();
    await page.getByRole('status').filter({ hasText: 'Order 1002 is marked paid.' }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Mark paid: order 1002' }).count()).toBe(0);
    await page.reload();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect((await sqlOn(env.site(), `SELECT payment_status FROM orders WHERE website_id = $1 AND number = 1002`, [env.site().websiteId]))[0]).toEqual({
      payment_status: 'paid',
    });
    await close();
  });
});
