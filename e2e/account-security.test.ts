/**
 * Keeping an account safe, in Chromium. A team member changes the password under 'Your account',
 * sees where the account is signed in and signs another browser out; turns on two-factor sign-in
 * with the QR code in view, is shown the recovery codes once, and signs in with one of them. A
 * customer does the same on the account page: the list of sessions, signing another out, and a
 * new password. Each new screen passes axe-core with no serious violation; SCREENSHOTS=dir keeps
 * a picture of each.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import { seriousViolations } from './axe';
import { picture } from './pictures';
import { addCustomer, desktop, siteForFile, visitorContext } from './harness';

const env = siteForFile();
const PASSPHRASE = 'correct kiln glaze at dawn';
const COMMON = 'This password is one of the most common passwords';

/** A browser of its own (cookies and all), with a user agent that names a real browser and system. */
async function browserAs(userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true, userAgent });
  return { context, page: await context.newPage() };
}

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function configSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${env.site().url}/config/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe("a team member's account", () => {
  it('changes the password, lists the sessions and signs another browser out', async () => {
    const email = env.site().owner.email;
    const password = env.site().owner.password;
    const a11y: string[] = [];
    const here = await browserAs(FIREFOX);
    const there = await browserAs(SAFARI);
    await configSignIn(there.page, email, password);
    await there.page.getByRole('navigation', { name: 'Config' }).waitFor();
    await configSignIn(here.page, email, password);
    await here.page.getByRole('navigation', { name: 'Config' }).waitFor();
    const page = here.page;

    await page.getByRole('link', { name: 'Your account' }).click();
    const sessions = page.getByRole('table');
    await sessions.getByRole('row', { name: /Firefox on Windows.*This device/ }).waitFor();
    await sessions.getByRole('row', { name: /Safari on macOS/ }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `account: ${v}`));
    await picture(page, 'config-account');

    await page.getByRole('button', { name: /^Sign out Safari on macOS/ }).click();
    await page.getByRole('status').filter({ hasText: 'Signed out Safari on macOS.' }).waitFor();
    // The list is read again after the message: wait for it to drop the row.
    await sessions.getByRole('row', { name: /Safari on macOS/ }).waitFor({ state: 'detached' });
    await there.page.reload();
    await there.page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not right.').waitFor();
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill('password12');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(COMMON).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `password refused: ${v}`));
    await page.getByLabel('New password').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();

    await configSignIn(there.page, email, password);
    await there.page.getByText('Email or password is incorrect.').waitFor();
    await configSignIn(there.page, email, PASSPHRASE);
    await there.page.getByRole('navigation', { name: 'Config' }).waitFor();

    expect(a11y).toEqual([]);
    await here.context.close();
    await there.context.close();
  });

  it('turns two-factor on with the QR code, shows the recovery codes once, and signs in with one', async () => {
    const email = env.site().owner.email;
    const a11y: string[] = [];
    const { context, page } = await browserAs(FIREFOX);
    await configSignIn(page, email, PASSPHRASE);
    await page.getByRole('navigation', { name: 'Config' }).waitFor();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    const qr = page.getByRole('img', { name: `QR code to add ${email} to an authenticator app` });
    await qr.waitFor();
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThan(120);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    a11y.push(...(await seriousViolations(page)).map((v) => `set-up with QR code: ${v}`));
    await picture(page, 'config-two-factor-setup');

    const secret = (await page.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent())!.replace(/ /g, '');
    await page.getByLabel('Authentication code', { exact: true }).fill(totp(base32Decode(secret), Date.now()));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-z]{4}-[2-9a-z]{4}$/);
    expect(await page.getByRole('link', { name: 'Download codes' }).getAttribute('download')).toBe('openpress-recovery-codes.txt');
    a11y.push(...(await seriousViolations(page)).map((v) => `recovery codes: ${v}`));
    await picture(page, 'config-recovery-codes');

    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('10 recovery codes are left.').waitFor();
    expect(await page.getByText(codes[0]!).count()).toBe(0);
    // Shown once: opening the screen again shows how many are left, never the codes.
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByText('10 recovery codes are left.').waitFor();
    expect(await page.getByText(codes[0]!).count()).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/config'));
    await configSignIn(page, email, PASSPHRASE);
    await page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    const recoveryInput = page.getByLabel('Recovery code', { exact: true });
    expect(await recoveryInput.evaluate((el) => el === document.activeElement)).toBe(true);
    a11y.push(...(await seriousViolations(page)).map((v) => `recovery code step: ${v}`));
    await recoveryInput.fill(codes[4]!.toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Config' }).waitFor();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByText('9 recovery codes are left.').waitFor();
    await picture(page, 'config-account-two-factor-on');

    expect(a11y).toEqual([]);
    await context.close();
  });
});

describe("a customer's account page", () => {
  it('lists where the account is signed in, signs another browser out, and changes the password', async () => {
    const { email, password } = await addCustomer(env.site());
    const a11y: string[] = [];
    const base = env.site().url;
    const signIn = async (page: Page, secret: string) => {
      await page.goto(`${base}/account/login`);
      // A form sent before the page's code runs only comes back to the page.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/island-customer-account-')));
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(secret);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    const there = await browserAs(SAFARI);
    await signIn(there.page, password);
    await there.page.waitForURL(`${base}/account`);
    const here = await browserAs(FIREFOX);
    const page = here.page;
    await signIn(page, password);
    await page.waitForURL(`${base}/account`);

    const list = page.getByRole('list', { name: 'Where you’re signed in' });
    await list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' }).filter({ hasText: 'This device' }).waitFor();
    await list.getByRole('listitem').filter({ hasText: 'Safari on macOS' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `account page: ${v}`));
    await picture(page, 'customer-account');

    await page.getByRole('button', { name: /^Sign out Safari on macOS/ }).click();
    await page.getByRole('status').filter({ hasText: 'Signed out Safari on macOS.' }).waitFor();
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Safari on macOS' }).count()).toBe(0);
    await there.page.goto(`${base}/account`);
    await there.page.waitForURL(/\/account\/login/);

    const form = page.getByRole('form', { name: 'Change your password' });
    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password').fill('aaaaaaaaaa');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: COMMON }).waitFor();
    await form.getByLabel('New password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'Choose a password of at least 8 characters; 12 or more is better.' }).waitFor();
    await form.getByLabel('New password').fill(PASSPHRASE);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your password is changed.' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `password changed: ${v}`));

    await signIn(there.page, PASSPHRASE);
    await there.page.waitForURL(`${base}/account`);
    expect(a11y).toEqual([]);
    await here.context.close();
    await there.context.close();
  });
});
