/**
 * `npm run site -- import FILE` and `npm run site -- export SITE > FILE`.
 * Import validates the whole document first: a refused document prints every error's JSON path and
 * reason, exits 1, and leaves the database exactly as it was. Against the embedded database it
 * uses the running app's server when there is one.
 */
import { readFile } from 'node:fs/promises';
import { siteDocumentSchema } from '../blocks/site-document';
import { loadDocument } from '../document/load';
import { openBlobStore } from '../server/blobs/open';
import { readConfig } from '../server/config';
import { moveStoredBytes, removeFileBlobs } from '../server/services/site-files';
import { openDatabase } from '../server/database';
import { exportSite, findWebsiteByIdentifier, importSite, SiteConflictError } from '../server/services/sites';
import { hashPassword } from '../server/services/passwords';
import { runCommand } from './run';

const USAGE =
  'usage: npm run site -- import FILE [--default]\n       npm run site -- export SITE_IDENTIFIER > FILE\n       npm run site -- hash-password < PASSWORD_FILE   (a page password hash for a site document)';

/** The first line of standard input: a password never goes on the command line, where `ps` shows it. */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function run(argv: string[]): Promise<number> {
  const [command, target, ...rest] = argv;
  if (command === 'hash-password') {
    const password = await readFirstLine();
    if (password.length < 4) {
      console.error('Give the page password (at least 4 characters) on standard input.');
      return 1;
    }
    console.log(await hashPassword(password));
    return 0;
  }
  if ((command !== 'import' && command !== 'export') || !target) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (command === 'import') {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(target, 'utf8'));
    } catch (err) {
      console.error(`Cannot read ${target} as JSON: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
    const loaded = loadDocument(raw, siteDocumentSchema);
    if (!loaded.ok) {
      console.error(`${target} is not a valid site document (${loaded.errors.length} error${loaded.errors.length === 1 ? '' : 's'}); nothing was imported:`);
      for (const e of loaded.errors) console.error(`  ${e.path}: ${e.message}`);
      return 1;
    }
    const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      const result = await importSite(opened.database.db, loaded.document, { makeDefault: rest.includes('--default') });
      const blobs = openBlobStore(config, opened.database);
      try {
        await removeFileBlobs(blobs, result.websiteId, result.removedFiles);
        await moveStoredBytes(opened.database.db, blobs);
      } finally {
        await blobs.close();
      }
      console.error(`${result.created ? 'Created' : 'Replaced'} site ${loaded.document.settings.identifier}.`);
      return 0;
    } catch (err) {
      if (err instanceof SiteConflictError) {
        console.error(`Not imported: ${err.message}.`);
        return 1;
      }
      throw err;
    } finally {
      await opened.close({ keepServer: opened.adopted });
    }
  }
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  try {
    const site = await findWebsiteByIdentifier(opened.database.db, target);
    const blobs = openBlobStore(config, opened.database);
    const doc = await (async () => {
      try {
        return site ? await exportSite(opened.database.db, site.id, blobs) : undefined;
      } finally {
        await blobs.close();
      }
    })();
    if (!doc) {
      console.error(`No site with identifier ${target}.`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  } finally {
    await opened.close({ keepServer: opened.adopted });
  }
}

runCommand(run);
