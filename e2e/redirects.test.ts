/**
 * The open redirects found by testing as an attacker, replayed in Chromium: each address a person
 * could be sent in a phishing mail ends on the site itself. The trailing-slash redirect of
 * '//attacker.example/'; a customer's sign-in with a returnTo that slips a tab in; the config
 * area's frameUrl with a backslash, then Log out.
 */
import { describe, expect, it } from 'vitest';
import { signInTeamMember } from './measure-capture';
import { addCustomer, desktop, siteForFile, visitorContext } from './harness';

const env = siteForFile();

describe('addresses that tried to lead off the site', () => {
  it('a doubled slash before a host name stays on the site', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const base = env.site().url;
    await page.goto(`${base}//attacker.example/`);
    expect(new URL(page.url()).origin).toBe(base);
    expect(new URL(page.url()).pathname).toBe('/attacker.example');
    await context.close();
  });

  it('a customer signing in with a returnTo that hides a tab lands on their account, not elsewhere', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const base = env.site().url;
    const who = await addCustomer(env.site());
    await page.goto(`${base}/account/login?returnTo=%2F%09%2Fattacker.example%2Fphish`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    // Signed in, the same address sends them straight on: to their account again.
    await page.goto(`${base}/account/login?returnTo=%2F%0A%2Fattacker.example`);
    expect(page.url()).toBe(`${base}/account`);
    await context.close();
  });

  it('the config area frames only the site, and Log out lands on the site', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const base = env.site().url;
    await signInTeamMember(page, base, env.site().owner);
    await page.goto(`${base}/config/?frameUrl=%2F%5Cattacker.example%2Fphish`);
    const frame = page.frameLocator('iframe[title="Site preview"]');
    await frame.getByRole('heading', { name: 'Hand-thrown stoneware for everyday tables' }).waitFor();
    expect(await page.locator('iframe[title="Site preview"]').getAttribute('src')).toBe('/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.searchParams.get('logout') === 'true');
    expect(new URL(page.url()).origin).toBe(base);
    await context.close();
  });
});
