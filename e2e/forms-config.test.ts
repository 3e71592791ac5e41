/**
 * The owner's Forms screens in Chromium: the owner sees a submission of the demo contact
 * form, searches, opens it (every field by label), downloads the CSV, deletes it after a
 * confirmation, sees a newsletter list's subscribers, erases one person's data, edits a field's
 * label (a refused save marks the field) and finds the new label on the published page. A role
 * that may only read forms sees the forms and their settings, but no submissions and no control
 * that changes anything. Giving the form a webhook address shows its signing secret once; making
 * a new one shows the new one once. Each screen passes axe-core with no serious violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addTeamMember, desktop, downloadedBytes, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const FORM_ID = 'c0a7ac7f0000000000000001';
const LIST_ID = 'c0a7ac7f0000000000000008';
const FIELDS = [
  { id: 'name', type: 'name', label: 'Name' },
  { id: 'email', type: 'email', label: 'Email' },
  { id: 'message', type: 'textarea', label: 'Message' },
];

async function insertSubmission(name: [string, string], email: string, message: string) {
  await sqlOn(
    env.site(),
    `INSERT INTO form_submissions (website_id, form_id, fields, values, page, emails)
     VALUES ($5, $1, $2, $3, '{"pageTitle": "Contact", "pagePath": "/contact"}', ARRAY[$4])`,
    [FORM_ID, JSON.stringify(FIELDS), JSON.stringify({ name, email, message }), email, env.site().websiteId],
  );
}

async function signedInPage(): Promise<Page> {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return page;
}

describe('the Forms screens', () => {
  it('the owner reads, searches, exports, deletes and erases submissions, and edits the form', async () => {
    await insertSubmission(['Ada', 'Lovelace'], 'ada@example.com', '=SUM(A1:A3) please, "quoted"');
    await insertSubmission(['Grace', 'Hopper'], 'grace@example.com', 'A set of café bowls');
    await sqlOn(
      env.site(),
      `INSERT INTO newsletter_subscribers (website_id, list_id, email, name, status) VALUES ($2, $1, 'grace@example.com', 'Grace', 'confirmed')`,
      [LIST_ID, env.site().websiteId],
    );
    await sqlOn(env.site(), `INSERT INTO newsletter_subscribers (website_id, list_id, email, status) VALUES ($2, $1, 'lin@example.com', 'pending')`, [
      LIST_ID,
      env.site().websiteId,
    ]);
    const page = await signedInPage();
    const a11y: string[] = [];
    const check = async (screen: string) => a11y.push(...(await seriousViolations(page)).map((v) => `${screen}: ${v}`));

    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    const formRow = page.getByRole('row', { name: /Write to the studio/ });
    await formRow.waitFor();
    expect(await formRow.getByRole('cell').nth(1).textContent()).toBe('2');
    await check('forms list');

    // Submissions, newest first; a search narrows them.
    await page.getByRole('button', { name: 'Submissions of Write to the studio' }).click();
    await page.getByRole('heading', { name: 'Submissions: Write to the studio', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submissions: Write to the studio');
    await page.getByRole('status').filter({ hasText: 'Showing 2 submissions, newest first.' }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.nth(1).textContent()).toContain('Grace Hopper');
    expect(await rows.nth(2).textContent()).toContain('Ada Lovelace');
    await check('submissions');
    await page.getByLabel('Search submissions').fill('LOVELACE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Showing 1 submission containing “LOVELACE”' }).waitFor();
    expect(await rows.count()).toBe(2);

    // The CSV export: UTF-8 with a BOM, every submission, formulas neutralised.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^write-to-the-studio-submissions-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await downloadedBytes(download);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Submitted at (UTC),Name,Email,Message,Page');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Grace Hopper,grace@example\.com,A set of café bowls,\/contact$/);
    expect(lines[2]).toMatch(/,Ada Lovelace,ada@example\.com,"'=SUM\(A1:A3\) please, ""quoted""",\/contact$/);

    // One submission, every field by label; deleted after a confirmation.
    await page
      .getByRole('row', { name: /Ada Lovelace/ })
      .getByRole('button', { name: /^Open submission \d+, sent / })
      .click();
    await page.getByRole('heading', { name: /^Submission of / }).waitFor();
    const fields = await page.locator('dl.submission dt').allTextContents();
    expect(fields).toEqual(['Name', 'Email', 'Message', 'Sent from']);
    expect(await page.locator('dl.submission dd').nth(2).textContent()).toBe('=SUM(A1:A3) please, "quoted"');
    await check('submission');
    await page.getByRole('button', { name: 'Delete this submission' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await confirm.waitFor();
    // Checked as a person sees it: once the fade-in has ended.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await check('delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await sqlOn(env.site(), 'SELECT count(*)::int AS n FROM form_submissions WHERE website_id = $1', [env.site().websiteId])).toEqual([{ n: 2 }]);
    await page.getByRole('button', { name: 'Delete this submission' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Submissions: Write to the studio', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Deleted the submission of / })
      .waitFor();
    await page.getByRole('status').filter({ hasText: 'Showing 1 submission, newest first.' }).waitFor();
    expect(await page.getByRole('row', { name: /Ada Lovelace/ }).count()).toBe(0);
    expect(
      await sqlOn(env.site(), `SELECT count(*)::int AS n FROM form_submissions WHERE website_id = $1 AND values->>'email' = 'ada@example.com'`, [
        env.site().websiteId,
      ]),
    ).toEqual([{ n: 0 }]);

    // Subscribers of the newsletter list.
    await page.getByRole('button', { name: 'Back to forms' }).click();
    await page.getByRole('button', { name: 'Subscribers of Kiln opening news' }).click();
    await page.getByRole('heading', { name: 'Subscribers: Kiln opening news', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Showing 2 subscribers by address.' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Waiting to confirm' });
    await page.getByRole('status').filter({ hasText: 'Showing 1 subscriber by address.' }).waitFor();
    expect(await page.getByRole('cell', { name: 'lin@example.com', exact: true }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'grace@example.com', exact: true }).count()).toBe(0);
    await check('subscribers');

    // Erasing a person's data.
    await page.getByRole('button', { name: 'Back to forms' }).click();
    await page.getByLabel('Email address to erase').fill('Grace@Example.com');
    await page.getByRole('button', { name: 'Erase data' }).click();
    const erase = page.getByRole('alertdialog', { name: 'Erase this person’s data?' });
    await erase.getByRole('button', { name: 'Erase' }).click();
    await page.getByRole('status').filter({ hasText: 'Erased 1 form submission and 1 newsletter subscription of Grace@Example.com.' }).waitFor();
    expect(await sqlOn(env.site(), 'SELECT count(*)::int AS n FROM form_submissions WHERE website_id = $1', [env.site().websiteId])).toEqual([{ n: 0 }]);
    expect(await sqlOn(env.site(), 'SELECT email FROM newsletter_subscribers WHERE website_id = $1', [env.site().websiteId])).toEqual([
      { email: 'lin@example.com' },
    ]);
    await check('forms list after erasing');

    // Editing the form: the settings tabs, a refused save, then a new label on the published page.
    await page.getByRole('button', { name: 'Edit form: Write to the studio' }).click();
    await page.getByRole('heading', { name: 'Edit form: Write to the studio', level: 1 }).waitFor();
    // covers 001-3.86
    expect(await page.getByRole('tablist', { name: 'Form settings' }).getByRole('tab').allTextContents()).toEqual([
      'Build',
      'Storage',
      'Advanced',
      'Captcha',
      'Disclaimer',
    ]);
    await check('form editor');
    expect(await page.getByRole('group', { name: /^5\. / }).locator('legend').first().textContent()).toBe('5. Message — Text area');
    const message = page.getByRole('group', { name: /^5\. / });
    expect(await message.getByLabel('Maximum length (characters)').inputValue()).toBe('500');
    await message.getByLabel('Label', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByRole('alert').filter({ hasText: 'Some fields are not valid.' }).waitFor();
    expect(await message.getByLabel('Label', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await check('form editor with an error');
    await page.getByRole('tab', { name: 'Storage' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Advanced' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Build' }).click();
    await message.getByLabel('Label', { exact: true }).fill('Your message to the potters');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. The published pages show the form as it is now.' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // A visitor of their own: a team member's browser would be sent to the config area.
    const visitorBrowser = await visitorContext(env.browser(), env.site());
    const visitor = await visitorBrowser.newPage();
    await expect
      .poll(async () => {
        await visitor.goto(`${env.site().url}/blocks/forms`);
        return visitor.getByLabel('Your message to the potters').count();
      })
      .toBe(1);
    expect(a11y).toEqual([]);
    await visitorBrowser.close();
    await page.context().close();
  });

  it('a role that may only read forms sees them without submissions or controls that change anything', async () => {
    const server = env.site();
    const viewer = await addTeamMember(server, 'VIEWER');
    const context = await visitorContext(env.browser(), server, { ...desktop, bypassCSP: true });
    const page = await context.newPage();
    await signInAsOwner(page, server, viewer);
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Forms' }).click();
    await page
      .getByRole('button', { name: /^View form: / })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Submissions of / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Subscribers of / }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Erase a person’s data' }).count()).toBe(0);
    expect(await page.getByLabel('Delete submissions after this many days').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    const a11y = (await seriousViolations(page)).map((v) => `read-only list: ${v}`);
    await page
      .getByRole('button', { name: /^View form: / })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Form: / }).waitFor();
    expect(await page.getByRole('group', { name: /^1\. / }).getByLabel('Label', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^(Save form|Add field|Move up|Remove)/ }).count()).toBe(0);
    await page.getByText('Your role may see this form but not change it.').waitFor();
    a11y.push(...(await seriousViolations(page)).map((v) => `read-only form: ${v}`));
    expect(a11y).toEqual([]);
    await context.close();
  });

  it('the owner is shown the webhook signing secret once, when the form gets its address, and again only by making a new one', async () => {
    const page = await signedInPage();
    const openEditor = async () => {
      await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Forms' }).click();
      await page
        .getByRole('button', { name: /^Edit form: / })
        .first()
        .click();
      await page.getByRole('heading', { name: /^Edit form: /, level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Storage' }).click();
    };
    await openEditor();
    expect(await page.getByRole('button', { name: 'Make a new secret' }).count()).toBe(0);
    await page.getByLabel('Send each submission to this web address (webhook)').fill('https://hooks.example.com/forms');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const shown = page.getByRole('textbox', { name: 'Webhook signing secret' });
    const first = await shown.inputValue();
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByText('Copy it to your receiver now: it is shown only this once.').waitFor();
    const a11y = (await seriousViolations(page)).map((v) => `webhook secret shown: ${v}`);
    expect(JSON.stringify(await sqlOn(env.site(), 'SELECT secret FROM webhook_secrets WHERE website_id = $1', [env.site().websiteId]))).not.toContain(first);

    await page.reload();
    await openEditor();
    await page.getByText(/^Each delivery is signed \(Standard Webhooks\) with a secret made .*It was shown once/).waitFor();
    expect(await shown.count()).toBe(0);
    expect(await page.content()).not.toContain(first);

    await page.getByRole('button', { name: 'Make a new secret' }).click();
    await page.getByRole('alertdialog', { name: 'Make a new signing secret?' }).getByRole('button', { name: 'Make a new secret' }).click();
    await shown.waitFor();
    const second = await shown.inputValue();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    a11y.push(...(await seriousViolations(page)).map((v) => `new webhook secret: ${v}`));
    expect(a11y).toEqual([]);
    await page.context().close();
  });
});
