import { chromium } from 'playwright-core';
const base = 'http://demo.localhost:3111';
const pw = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP demo.localhost 127.0.0.1'] });
const log = [];
for (const [name, vp] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.push(`${name} ${page.url()}: ${m.text()}`); });
  const shot = async (n, full = false) => { await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {}); await page.screenshot({ path: `/work/bt/shots/${name}-${n}.png`, fullPage: full }); };
  await page.goto(base + '/shop/harbour-mug');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForTimeout(1500);
  await page.goto(base + '/cart');
  await page.waitForTimeout(1500);
  await shot('cart', true);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout/);
  await page.waitForTimeout(1500);
  await shot('checkout');
  await shot('checkout-full', true);
  await page.getByRole('button', { name: 'Accept' }).click().catch(() => {});
  await page.getByLabel('Email for your receipt').fill('shopper@example.com');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Street address').fill('1 Harbour Street');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByLabel('Country or territory').selectOption('GB');
  await page.getByLabel('Postcode').fill('BS1 4DJ');
  await page.getByLabel('Postcode').blur();
  await page.waitForTimeout(1500);
  await shot('checkout-filled', true);
  const card = page.getByLabel('Test card number');
  if (await card.count()) await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/checkout\/orders\//, { timeout: 15000 }).catch(() => {});
  await page.waitForTimeout(1500);
  await shot('order', true);
  await ctx.close();
}
// Owner screens.
for (const [name, vp] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  await page.goto(base + '/config/');
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(pw);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForTimeout(2500);
  for (const [n, p] of [['c-payments', '/config/store/payments'], ['c-orders', '/config/store/orders']]) {
    await page.goto(base + p);
    await page.waitForTimeout(2000);
    await shot2(page, name, n);
  }
  await ctx.close();
}
async function shot2(page, name, n) { await page.screenshot({ path: `/work/bt/shots/${name}-${n}.png`, fullPage: true }); }
await browser.close();
console.log(log.join('\n'));
