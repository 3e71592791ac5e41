/**
 * Two-factor sign-in in the browser: the site's owner turns it on from 'Your account', reading the
 * setup key off the screen and computing codes from it as an authenticator app would, signs out,
 * signs in with the password and then the code, and lands in the config area. The code step and
 * the set-up screen pass axe-core with no serious violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import { seriousViolations } from './axe';
import { desktop, siteForFile, visitorContext } from './harness';

const env = siteForFile();

/** The text of the elements an input's aria-describedby names, as a screen reader reads them with it. */
async function description(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('two-factor sign-in', () => {
  it('is turned on from the account screen, then signing in asks for the code after the password', async () => {
    const { email, password } = env.site().owner;
    // bypassCSP lets the accessibility check inject axe-core.
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const a11y: string[] = [];

    await page.goto(`${env.site().url}/config/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Config' }).waitFor();

    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    // The status arrives after the heading: wait for it rather than count at once.
    await page.getByText('Two-factor sign-in is off.').waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const keyText = await page.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    const secret = keyText!.replace(/ /g, '');
    expect(await page.getByRole('link', { name: 'the setup link in your authenticator app' }).getAttribute('href')).toBe(
      `otpauth://totp/OpenPress:${encodeURIComponent(email).replace('%40', '@')}?secret=${secret}&issuer=OpenPress`,
    );
    // The step's heading takes focus, so a screen reader starts at the instructions.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add your account to an authenticator app');
    a11y.push(...(await seriousViolations(page)).map((v) => `set-up: ${v}`));

    const codeInput = page.getByLabel('Authentication code', { exact: true });
    await codeInput.fill('12');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter the 6-digit code from your authenticator app.' }).waitFor();
    expect(await codeInput.getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'Authentication code')).toContain('Enter the 6-digit code from your authenticator app.');

    await codeInput.fill(totp(base32Decode(secret), Date.now()));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on.' }).waitFor();
    // The recovery codes are shown once, before the rest of the screen comes back.
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByRole('heading', { name: 'Turn off two-factor sign-in' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/config'));

    await page.goto(`${env.site().url}/config/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor();
    const loginCode = page.getByLabel('Authentication code', { exact: true });
    expect(await loginCode.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await loginCode.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await loginCode.getAttribute('inputmode')).toBe('numeric');
    expect(await description(page, 'Authentication code')).toContain('enter the 6-digit code it shows');
    a11y.push(...(await seriousViolations(page)).map((v) => `code step: ${v}`));

    // A wrong code keeps the step open with the message tied to the field.
    await loginCode.fill(totp(base32Decode(secret), Date.now() + 10 * 60_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    expect(await description(page, 'Authentication code')).toContain('That code is not right.');
    a11y.push(...(await seriousViolations(page)).map((v) => `code step with an error: ${v}`));

    // The code used to turn it on is spent: the app's next code signs in.
    await loginCode.fill(totp(base32Decode(secret), Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Config' }).waitFor();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Turn off two-factor sign-in' }).waitFor();

    expect(a11y).toEqual([]);
    await context.close();
  });
});
