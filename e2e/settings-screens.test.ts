/**
 * The owner on the Settings and Email screens in Chromium: a value the server refuses is
 * marked on its field with the server's message; saved values are there after a reload; the SMTP
 * password is write-only (a saved one shows as the fixed mask whatever it is, and saving the mask
 * keeps it) and the test email arrives at a local SMTP server through the site's own settings. Each screen passes axe-core
 * with no serious violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../src/domain/secrets';
import { startMailbox, type Mailbox } from '../test/mailbox';
import { seriousViolations } from './axe';
import { desktop, siteForFile, signInAsOwner, visitorContext } from './harness';

// A site with no mail server yet. The test's mail server listens on loopback, which a site's own
// SMTP settings reach only when the operator allows it (the shared servers do).
const env = siteForFile({ mail: false });
const SECRET = 'correct horse battery staple';
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox({ login: { user: 'site-mailer', pass: SECRET } });
});
afterAll(async () => {
  await mailbox?.stop();
});

async function signedInPage(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** The texts a control's aria-describedby points at: its hint and its error. */
const description = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('the Settings screen', () => {
  it('marks a refused field with the server message, saves every setting, and shows them after a reload', async () => {
    const page = await signedInPage();
    const a11y: string[] = [];
    await openScreen(page, 'Settings');
    await page.getByLabel('Escape key opens the sign-in dialog').check();
    await page.getByLabel('Developer mode').check();
    await page.getByLabel('Allow copying this site as a template').check();
    await page.getByLabel('Site badge').selectOption({ label: 'Black badge' });
    await page.getByLabel('Mobile information bar').selectOption({ label: 'Dark bar' });
    await page.getByLabel('Contact phone').fill('+44 1632 960 123');
    await page.getByLabel('Contact email').fill('not an email');
    await page.getByLabel('Contact address').fill('4 Quay Street, Harbourtown');
    // The language and region and the time zone are searchable lists from the browser's Intl data.
    const locale = page.getByRole('combobox', { name: 'Language and region' });
    const choices = (field: typeof locale) => field.evaluate((el) => [...((el as HTMLInputElement).list?.options ?? [])].map((o) => `${o.label}=${o.value}`));
    expect(await choices(locale)).toEqual(expect.arrayContaining(['English (United Kingdom)=en-GB', 'French (Canada)=fr-CA', 'Welsh (United Kingdom)=cy-GB']));
    const timeZone = page.getByRole('combobox', { name: 'Time zone' });
    const zones = await choices(timeZone);
    expect(zones).toEqual(expect.arrayContaining(['Europe/London=Europe/London', 'America/New York=America/New_York']));
    expect(zones.length).toBeGreaterThan(300);
    await locale.fill('en-GB');
    await timeZone.fill('Europe/London');
    await page.getByRole('button', { name: 'Save settings' }).click();

    await page.getByRole('alert').filter({ hasText: 'Some fields are not valid.' }).waitFor();
    expect(await page.getByLabel('Contact email').getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'Contact email')).toContain('must be an email address such as name@example.com');
    expect(await page.getByLabel('Contact phone').getAttribute('aria-invalid')).toBeNull();
    a11y.push(...(await seriousViolations(page)).map((v) => `settings with an error: ${v}`));

    await page.getByLabel('Contact email').fill('studio@juniper.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. The published site shows the change now' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByLabel('Contact email').getAttribute('aria-invalid')).toBeNull();
    a11y.push(...(await seriousViolations(page)).map((v) => `settings saved: ${v}`));

    await page.reload();
    await openScreen(page, 'Settings');
    expect(await page.getByLabel('Escape key opens the sign-in dialog').isChecked()).toBe(true);
    expect(await page.getByLabel('Developer mode').isChecked()).toBe(true);
    expect(await page.getByLabel('Allow copying this site as a template').isChecked()).toBe(true);
    expect(await page.getByLabel('Site badge').inputValue()).toBe('2');
    expect(await page.getByLabel('Mobile information bar').inputValue()).toBe('3');
    expect(await page.getByLabel('Contact phone').inputValue()).toBe('+44 1632 960 123');
    expect(await page.getByLabel('Contact email').inputValue()).toBe('studio@juniper.example');
    expect(await page.getByLabel('Contact address').inputValue()).toBe('4 Quay Street, Harbourtown');
    expect(await page.getByRole('combobox', { name: 'Language and region' }).inputValue()).toBe('en-GB');
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/London');
    const { identifier, port } = env.site();
    expect(await page.getByLabel('Site identifier').inputValue()).toBe(identifier);

    // A new identifier: the note gives the new address and where to sign in again.
    await page.getByLabel('Site identifier').fill(`${identifier}-moved`);
    await page.getByRole('button', { name: 'Save settings' }).click();
    const note = page.getByRole('status').filter({ hasText: "Saved. The site's address is now" });
    await note.waitFor();
    const configAddress = `http://${identifier}-moved.localhost:${port}/config/`;
    expect(await note.getByRole('link', { name: configAddress }).getAttribute('href')).toBe(configAddress);
    expect(await note.textContent()).toContain('sign in again at');
    a11y.push(...(await seriousViolations(page)).map((v) => `settings moved: ${v}`));
    // The owner follows the link, signs in at the new address and moves the site back.
    await note.getByRole('link', { name: configAddress }).click();
    await page.waitForURL(configAddress);
    await page.getByLabel('Email').fill(env.site().owner.email);
    await page.getByLabel('Password').fill(env.site().owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openScreen(page, 'Settings');
    expect(await page.getByLabel('Site identifier').inputValue()).toBe(`${identifier}-moved`);
    await page.getByLabel('Site identifier').fill(identifier);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `http://${identifier}.localhost` })
      .waitFor();
    expect(a11y).toEqual([]);
    await page.context().close();
  });
});

describe('the Email screen', () => {
  // covers 001-9.89
  it("saves the site's mail server with a write-only password shown as a fixed mask, shows it after a reload, and sends a test email through it", async () => {
    const page = await signedInPage();
    const a11y: string[] = [];
    await openScreen(page, 'Email');
    await page.getByText('No mail server is set up').waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `smtp empty: ${v}`));

    await page.getByLabel('Mail server (host)').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill('70000');
    await page.getByLabel('User name').fill('site-mailer');
    await page.getByLabel('Password').fill(SECRET);
    await page.getByLabel('From address').fill('studio@juniper.example');
    await page.getByRole('button', { name: 'Save SMTP settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'Some fields are not valid.' }).waitFor();
    expect(await page.getByLabel('Port', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'Port')).toContain('Enter a port number from 1 to 65535.');

    await page.getByLabel('Port', { exact: true }).fill(String(mailbox.port));
    await page.getByRole('button', { name: 'Save SMTP settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByText("The site's email goes out through its own mail server").waitFor();
    await expect.poll(() => page.getByLabel('Password').inputValue()).toBe(MASKED_SECRET);
    expect(await description(page, 'Password')).toContain('A password is saved. Type a new one to change it.');
    // Another password, of another length, shows as the same mask.
    await page.getByLabel('Password').fill('another password of another length');
    await page.getByRole('button', { name: 'Save SMTP settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(() => page.getByLabel('Password').inputValue()).toBe(MASKED_SECRET);
    await page.getByLabel('Password').fill(SECRET);
    await page.getByRole('button', { name: 'Save SMTP settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `smtp saved: ${v}`));

    await page.reload();
    await openScreen(page, 'Email');
    expect(await page.getByLabel('Mail server (host)').inputValue()).toBe('127.0.0.1');
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe(String(mailbox.port));
    expect(await page.getByLabel('Use TLS from the start (port 465)').isChecked()).toBe(false);
    expect(await page.getByLabel('User name').inputValue()).toBe('site-mailer');
    expect(await page.getByLabel('Password').inputValue()).toBe(MASKED_SECRET);
    expect(await page.getByLabel('From address').inputValue()).toBe('studio@juniper.example');
    expect(await page.content()).not.toContain(SECRET);
    // Saving again sends the mask back, which keeps the password the test email signs in with.
    await page.getByRole('button', { name: 'Save SMTP settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await page.getByRole('button', { name: 'Send test email' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `A test email to ${env.site().owner.email} is on its way.` })
      .waitFor();
    await expect.poll(() => mailbox.received.length, { timeout: 15_000 }).toBe(1);
    expect(mailbox.received[0]).toMatchObject({ user: 'site-mailer', from: 'studio@juniper.example', to: [env.site().owner.email] });
    a11y.push(...(await seriousViolations(page)).map((v) => `smtp test sent: ${v}`));
    expect(a11y).toEqual([]);
    await page.context().close();
  });
});
