/** The demo site: imported on first start, when the database holds no site yet. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { siteDocumentSchema } from '../blocks/site-document';
import type { Db } from '../db/client';
import { websites } from '../db/schema';
import { loadDocument } from '../document/load';
import { chooseAltcha } from './services/captcha';
import { importSite } from './services/sites';

/** The demo site's sample customer, made at first start with a printed password. */
export const DEMO_CUSTOMER_EMAIL = 'member@example.com';
/** The password of the demo site's password-protected /wholesale page (only its hash is in the document). */
export const DEMO_WHOLESALE_PASSWORD = 'juniper-wholesale';

export const DEMO_SITE_FILE = fileURLToPath(new URL('../../sites/demo/site.json', import.meta.url));

export async function importDemoIfEmpty(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ n: count() }).from(websites);
  if ((row?.n ?? 0) > 0) return undefined;
  const loaded = loadDocument(JSON.parse(await readFile(DEMO_SITE_FILE, 'utf8')), siteDocumentSchema);
  if (!loaded.ok) throw new Error(`The demo site document is invalid: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const { websiteId } = await importSite(db, loaded.document, { makeDefault: true });
  // The demo contact form asks for a captcha: the site gets a key for the built-in one.
  await chooseAltcha(db, websiteId, null);
  return websiteId;
}
