/**
 * The templates' pictures, taken from the templates themselves: the built server (`npm run
 * pictures` builds it first) on a fresh data dir, a site made from each template of sites/ as an
 * operator makes one (`npm run site -- new`, which a new site from the config area matches), then in
 * Chromium each site's home page at 1280 x 800 CSS px, a visitor who has answered the cookie banner
 * and asked for reduced motion (the page as it settles), scaled to 640 x 400 and written as
 * `sites/<id>/picture.webp`, with `sites/<id>/picture.json` naming the SHA-256 of the site.json it
 * was taken from (test/site-templates.test.ts fails on a missing or stale picture).
 *
 * Run: `npm run pictures` for every template, or `npm run pictures -- restaurant blog` for some.
 */
import '../e2e/localhost-names';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, request, type APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { siteTemplates, sha256Hex, TEMPLATE_FILES, TEMPLATES_DIR } from '../src/server/modules/content/sites/site-templates';
import { CHROMIUM, CHROMIUM_FLAGS, printed, programArgs, ROOT, spawnServer, VISITOR_USER_AGENT } from '../e2e/server-process';

/** The screen a picture is taken at, in CSS px, and the picture's size. */
const SCREEN = { width: 1280, height: 800 } as const;
const PICTURE = { width: 640, height: 400 } as const;

const asked = process.argv.slice(2);
const templates = siteTemplates().filter((t) => asked.length === 0 || asked.includes(t.id));
const unknown = asked.filter((id) => !templates.some((t) => t.id === id));
if (unknown.length > 0)
  throw new Error(
    `No template ${unknown.join(', ')} in sites/: the templates are ${siteTemplates()
      .map((t) => t.id)
      .join(', ')}.`,
  );

/** A site's identifier for a template's picture: never one the server keeps for itself. */
const identifierOf = (id: string) => `picture-${id}`;

/** Calls to a site as its owner: a page view for the crumb, then Login; `call` throws on any status but 2xx. */
async function ownerCalls(origin: string, owner: { email: string; password: string }) {
  const http = await request.newContext({ baseURL: origin });
  await http.get('/');
  const crumb = async () => (await http.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const call = async <T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> => {
    const res = await http.fetch(url, { method, headers: { 'x-csrf-token': await crumb() }, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${origin}${url} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  await call('POST', '/api/auth/Login', owner);
  return { http, call };
}

/** Resolves once the image worker has made every file's copies, so the home page shows its images as visitors get them. */
async function filesReady(calls: { call: <T>(method: 'GET', url: string) => Promise<T> }, id: string): Promise<void> {
  for (let waited = 0; waited < 600; waited++) {
    const { files } = await calls.call<{ files: { status: string }[] }>('GET', '/api/config/files');
    if (!files.some((f) => f.status === 'processing')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The ${id} template's images did not get their copies in two minutes.`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-pictures-'));
// The embedded PostgreSQL's system user enters it, so the cluster lives in it and goes with it.
await chmod(dataDir, 0o755);
const server = await spawnServer(dataDir, { START_WITH: 'blank', IMAGE_AVIF_EFFORT: '0', LOG_LEVEL: 'warn' });
const owner = { email: printed(server.output(), 'First owner'), password: printed(server.output(), 'Password') };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const opened: APIRequestContext[] = [];
try {
  // Every site made first, so the server makes one's image copies while the next is made.
  for (const template of templates) {
    const { title } = (JSON.parse(await readFile(template.documentFile, 'utf8')) as { settings: { title: string } }).settings;
    // As the operator's command makes sites (the first owner their owner): the New site call's operation, with no limit per hour.
    await promisify(execFile)(
      process.execPath,
      [...programArgs('site'), 'new', identifierOf(template.id), '--owner', owner.email, '--title', title, '--template', template.id],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' } },
    );
  }
  for (const template of templates) {
    const origin = `http://${identifierOf(template.id)}.localhost:${server.port}`;
    const calls = await ownerCalls(origin, owner);
    opened.push(calls.http);
    await filesReady(calls, template.id);

    const context = await browser.newContext({ viewport: SCREEN, deviceScaleFactor: 1, reducedMotion: 'reduce', userAgent: VISITOR_USER_AGENT });
    await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    // Its fonts in, and every image the screen shows drawn.
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).map((img) => img.decode().catch(() => undefined)));
    });
    const shot = await page.screenshot({ type: 'png' });
    await context.close();
    const picture = await sharp(shot).resize(PICTURE.width, PICTURE.height).webp({ quality: 82, effort: 6 }).toBuffer();
    const dir = path.join(TEMPLATES_DIR, template.id);
    await writeFile(path.join(dir, TEMPLATE_FILES.picture), picture);
    const of = sha256Hex(await readFile(template.documentFile));
    await writeFile(path.join(dir, TEMPLATE_FILES.pictureOf), `${JSON.stringify({ of }, null, 2)}\n`);
    console.log(`sites/${template.id}/${TEMPLATE_FILES.picture}: the ${template.name} template's home page (${Math.round(picture.length / 1024)} KB).`);
  }
} finally {
  await Promise.all(opened.map((http) => http.dispose()));
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
