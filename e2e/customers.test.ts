/**
 * Customers in Chromium (seed 001 §3, §7): a visitor refused a members-only page signs in there
 * and reaches it; the session's xsrfToken is kept and sent as a header on later calls; signing out
 * retries once after a crumb failure. A password page opens with its password. Each page passes
 * axe-core with no serious violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_WHOLESALE_PASSWORD } from '../src/server/demo';
import { seriousViolations } from './axe';
import { addCustomer, islandsReady, siteForFile, visitorContext } from './harness';

const env = siteForFile();

async function page(): Promise<Page> {
  const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 1280, height: 900 }, bypassCSP: true });
  return context.newPage();
}

describe('customers and members-only pages', () => {
  // covers 001-7.26, 001-7.27, 001-7.29
  it('a visitor signs in from the members-only page, reaches it, changes the account name and signs out', async () => {
    const a11y: string[] = [];
    const p = await page();
    const base = env.site().url;
    await p.goto(`${base}/members`);
    await p.getByRole('heading', { name: 'Members only' }).waitFor();
    expect(await p.getByText('Next kiln opening').count()).toBe(0);
    a11y.push(...(await seriousViolations(p)).map((v) => `access denied: ${v}`));
    await p.getByRole('link', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Sign in' }).waitFor();
    a11y.push(...(await seriousViolations(p)).map((v) => `sign in: ${v}`));

    const { email, password } = await addCustomer(env.site());
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill('not the password');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(`${base}/members`);
    await p.getByText('Next kiln opening').waitFor();
    // The session call's xsrfToken is kept for the browser session.
    const xsrfToken = await p.evaluate(() => sessionStorage.getItem('op_member_xsrf'));
    expect(xsrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    await p.goto(`${base}/account`);
    await p.getByRole('heading', { name: 'Your account' }).waitFor();
    a11y.push(...(await seriousViolations(p)).map((v) => `account: ${v}`));
    const put = p.waitForRequest((r) => r.url().includes('/api/site-users/account') && r.method() === 'PUT');
    await p.getByLabel('Name').fill('Demo Member Renamed');
    await p.getByRole('button', { name: 'Save' }).click();
    expect((await put).headers()['x-siteuser-xsrf-token']).toBe(xsrfToken);
    await p.getByRole('alert').filter({ hasText: 'Saved.' }).waitFor();

    // The first sign-out answer is a crumb failure: the client takes the crumb it brings (here the
    // real one, so the server accepts the retry) and sends the call once more.
    const crumb = (await p.context().cookies(base)).find((c) => c.name === 'crumb')!.value;
    const deletes: string[] = [];
    let first = true;
    await p.route('**/api/site-users/account/session?*', async (route) => {
      deletes.push(route.request().url());
      if (first) {
        first = false;
        await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ crumbFail: true, crumb: decodeURIComponent(crumb) }) });
      } else {
        await route.continue();
      }
    });
    await p.getByRole('button', { name: 'Sign out', exact: true }).click();
    await p.waitForURL(`${base}/`);
    expect(deletes).toHaveLength(2);
    expect(deletes[0]).toContain('cloneCart=false');
    expect(new URL(deletes[1]!).searchParams.get('crumb')).toBe(decodeURIComponent(crumb));
    await p.goto(`${base}/members`);
    await p.getByRole('heading', { name: 'Members only' }).waitFor();
    expect(a11y).toEqual([]);
    await p.context().close();
  });

  it('a visitor opens a password-protected page with its password', async () => {
    const p = await page();
    const base = env.site().url;
    await p.goto(`${base}/wholesale`);
    await p.getByText('This page is protected by a password.').waitFor();
    // The form is sent by the lock screen's island: wait until it has run (a busy machine is slow to).
    await islandsReady(p, ['lock-screen']);
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByLabel('Password').fill('a guess');
    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('alert').filter({ hasText: 'That password is not right. Please try again.' }).waitFor();
    await p.getByLabel('Password').fill(DEMO_WHOLESALE_PASSWORD);
    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('heading', { name: 'Wholesale price list' }).waitFor();
    await p.getByText('Espresso cup and saucer').waitFor();
    await p.context().close();
  });
});
