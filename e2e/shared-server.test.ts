/**
 * The shared end-to-end servers keep files apart: two sites made as two files make theirs (each
 * with its own owner) see nothing of each other's — pages, settings, files, team — and one owner
 * changing the password and turning on two-factor sign-in leaves the other signing in as before.
 * Both demo copies got their images' copies from the server's own, with no image job.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import {
  createTestSite,
  desktop,
  ownerApi,
  sharedBrowser,
  signedInApi,
  signInAsOwner,
  sqlOn,
  uploadImages,
  visitorApi,
  visitorContext,
  type TestSite,
} from './harness';

let a: TestSite;
let b: TestSite;
let browser: Browser;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestSite('shared-server-a'), createTestSite('shared-server-b')]);
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('two files on one server', () => {
  it('do not see each other’s pages, settings, files or team', async () => {
    const ownerA = await ownerApi(a);
    await ownerA.call('PUT', '/api/config/site', { title: 'Only on site A' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    await uploadImages(a, [{ name: 'only-on-a.png', type: 'image/png', data: png }]);

    // A's owner on B's config area: signed in, but no role there.
    const aOnB = await signedInApi(b, a.owner.email, a.owner.password);
    for (const path of ['/api/config/site', '/api/config/pages', '/api/config/files', '/api/config/team'])
      expect((await aOnB.send('GET', path)).status(), path).toBe(403);
    expect((await aOnB.send('PUT', '/api/config/site', { title: 'Taken over' })).status()).toBe(403);

    const ownerB = await ownerApi(b);
    const { files } = await ownerB.call<{ files: { name: string }[] }>('GET', '/api/config/files');
    expect(files.map((f) => f.name)).not.toContain('only-on-a.png');
    const { members } = await ownerB.call<{ members: { email: string }[] }>('GET', '/api/config/team');
    expect(members.map((m) => m.email)).toEqual([b.owner.email]);
    const visitorB = await visitorApi(b);
    expect((await visitorB.send('GET', '/s/only-on-a.png')).status()).toBe(404);
    expect(await (await visitorB.send('GET', '/')).text()).not.toContain('Only on site A');
    expect(await (await (await visitorApi(a)).send('GET', '/')).text()).toContain('Only on site A');
  });

  it('made their demo copies with the server’s image copies: no image job, every file ready, its copies its own', async () => {
    const rows = await sqlOn(
      a,
      `SELECT w.identifier,
              (SELECT count(*)::int FROM jobs j WHERE j.website_id = w.id AND j.kind = 'image-variants') AS jobs,
              (SELECT count(*)::int FROM files f WHERE f.website_id = w.id AND f.name <> 'only-on-a.png' AND f.status <> 'ready') AS waiting,
              (SELECT count(*)::int FROM file_variants v WHERE v.website_id = w.id) AS copies,
              (SELECT count(*)::int FROM file_variants v JOIN blobs bl ON bl.website_id = v.website_id AND bl.path = v.blob_path WHERE v.website_id = w.id) AS stored
         FROM websites w WHERE w.id = ANY($1) ORDER BY w.identifier`,
      [[a.websiteId, b.websiteId]],
    );
    // Site A's own upload (a new image) has its job; the demo's twelve images none.
    expect(rows).toEqual([
      { identifier: 'shared-server-a', jobs: 1, waiting: 0, copies: expect.any(Number), stored: rows[0]!.copies },
      { identifier: 'shared-server-b', jobs: 0, waiting: 0, copies: expect.any(Number), stored: rows[1]!.copies },
    ]);
    expect(rows[1]!.copies).toBeGreaterThan(12);
  });

  it('one owner changing the password and turning on two-factor leaves the other signing in as before', async () => {
    const ownerA = await ownerApi(a);
    const newPassword = `${a.owner.password}-changed`;
    await ownerA.call('POST', '/api/auth/Password', { currentPassword: a.owner.password, newPassword });
    const again = await signedInApi(a, a.owner.email, newPassword);
    const { secret } = await again.call<{ secret: string }>('POST', '/api/auth/TwoFactor/Begin');
    await again.call('POST', '/api/auth/TwoFactor/Confirm', { code: totp(base32Decode(secret), Date.now()) });
    // A's owner now needs the code after the password.
    expect(await (await visitorApi(a)).call('POST', '/api/auth/Login', { email: a.owner.email, password: newPassword })).toMatchObject({
      twoFactorRequired: true,
    });

    const context = await visitorContext(browser, b, desktop);
    const page = await context.newPage();
    await signInAsOwner(page, b);
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Settings', exact: true }).click();
    expect(await page.getByLabel('Site title').inputValue()).toBe('Juniper Ceramics');
    await context.close();
  });
});
