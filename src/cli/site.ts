/**
 * `npm run site -- new SITE --owner EMAIL`: a new site and its owner, however SITE_CREATION is set.
 * `npm run site -- import FILE` and `npm run site -- export SITE > FILE`: a site's archive (its
 * document and its files' bytes, src/server/modules/content/sites/site-archive.ts), or with `--document` the
 * document alone. Import takes either, and version-1 and 2 documents with base64 files.
 * Import validates the whole document first: a refused document prints every error's JSON path and
 * reason, exits 1, and leaves the database exactly as it was. Against the embedded database it
 * uses the running app's server when there is one.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import type { DocumentError } from '../document/load';
import { openBlobStore } from '../server/blobs/open';
import type { BlobStore } from '../server/blobs/store';
import { newSiteBody } from '../contracts/pages';
import { readConfig, type ServerConfig } from '../server/config';
import { zodMessage } from '../server/modules/accounts';
import { createAccount, findAccountByEmail } from '../server/modules/accounts';
import { BLANK_TEMPLATE, createSite, isTemplateId, SiteTakenError, templateIds, UnknownTemplateError } from '../server/modules/content';
import { moveStoredBytes } from '../server/modules/files';
import { startStorePayments } from '../server/modules/payments';
import { identifierRefused } from '../server/modules/sites';
import { configurePasswordHashing, generatePassword, hashPassword } from '../server/modules/accounts';
import { openDatabase } from '../server/database';
import { ArchiveRefusal, importSite, siteArchive, type ImportSource } from '../server/modules/content';
import type { SiteLimits } from '../server/modules/sites';
import { exportSite, SiteConflictError, SiteImportRefusal } from '../server/modules/content';
import { findWebsiteByIdentifier } from '../server/modules/sites';
import { loadKeyRing } from '../server/secrets/keys';
import { setSecretKeys } from '../server/secrets/sealed';
import { runCommand } from './run';

const USAGE =
  `usage: npm run site -- new SITE_IDENTIFIER --owner EMAIL [--title TITLE] [--template ${templateIds().join('|')}]   (a new site and its owner, made with a printed password when new; blank by default, the others the templates of sites/)` +
  '\n       npm run site -- import FILE [--default]   (a .site.tar archive, gzipped or not, or a .json document)\n       npm run site -- export SITE_IDENTIFIER > FILE.site.tar\n       npm run site -- export SITE_IDENTIFIER --document > FILE.json   (the document alone: files listed, not their bytes)\n       npm run site -- hash-password < PASSWORD_FILE   (a page password hash for a site document)';

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
  if ((command !== 'import' && command !== 'export' && command !== 'new') || !target) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (command === 'new') return newSite(config, target, rest);
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const store = await openBlobStore(config, opened.database);
  const deps = { db: opened.database.db, store, limits: config.siteLimits, appDomain: config.appDomain };
  try {
    if (command === 'import') return await importFile(deps, target, rest.includes('--default'));
    const site = await findWebsiteByIdentifier(opened.database.db, target);
    if (!site) {
      console.error(`No site with identifier ${target}.`);
      return 1;
    }
    if (rest.includes('--document')) {
      const text = `${JSON.stringify(await exportSite(opened.database.db, site.id), null, 2)}\n`;
      // Written whole before the process exits: a pipe takes a large document in several writes.
      await new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
      return 0;
    }
    if (process.stdout.isTTY) {
      console.error(`The archive is binary: send it to a file, as in npm run site -- export ${target} > ${target}.site.tar`);
      return 2;
    }
    try {
      const archive = await siteArchive(deps, site.id);
      await pipeline(archive!, process.stdout);
    } catch (err) {
      if (err instanceof ArchiveRefusal) {
        console.error(err.message);
        return 1;
      }
      throw err;
    }
    return 0;
  } finally {
    await store.close();
    await opened.close({ keepServer: opened.adopted });
  }
}

/** A site document (JSON, its first byte `{`) or a site archive (tar, or gzipped). */
async function importFile(deps: { db: Db; store: BlobStore; limits: SiteLimits; appDomain: string }, file: string, makeDefault: boolean): Promise<number> {
  let first: number | undefined;
  try {
    const handle = await open(file);
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
      first = buffer.subarray(0, bytesRead).toString('latin1').trimStart().charCodeAt(0);
    } finally {
      await handle.close();
    }
  } catch (err) {
    console.error(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  try {
    let source: ImportSource;
    if (first !== '{'.charCodeAt(0)) source = { archive: createReadStream(file) };
    else {
      try {
        source = { json: JSON.parse(await readFile(file, 'utf8')) };
      } catch (err) {
        console.error(`Cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`);
        return 1;
      }
    }
    const result = await importSite(deps, source, { makeDefault, limits: deps.limits, appDomain: deps.appDomain });
    console.error(`${result.created ? 'Created' : 'Replaced'} site ${result.document.settings.identifier}.`);
    return 0;
  } catch (err) {
    if (err instanceof SiteImportRefusal) return refusedDocument(file, err.errors);
    if (err instanceof ArchiveRefusal) {
      if (err.documentErrors) return refusedDocument(file, err.documentErrors);
      console.error(`Not imported: ${err.message}`);
      return 1;
    }
    if (err instanceof SiteConflictError) {
      console.error(`Not imported: ${err.message}.`);
      return 1;
    }
    throw err;
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * A new site owned by the account of `--owner` (made with a generated password, printed once, when
 * the email has none): how the operator creates sites whoever SITE_CREATION lets do it in the config area.
 */
async function newSite(config: ServerConfig, identifier: string, args: string[]): Promise<number> {
  const email = option(args, '--owner');
  const parsed = newSiteBody.safeParse({ identifier, title: option(args, '--title') ?? identifier, template: option(args, '--template') ?? 'blank' });
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !parsed.success) {
    if (parsed.error) console.error(zodMessage(parsed.error).error);
    console.error(USAGE);
    return 2;
  }
  const refusal = identifierRefused(parsed.data.identifier, config.siteLimits, config.appDomain);
  if (refusal) {
    console.error(`Not created: ${refusal}`);
    return 1;
  }
  if (!isTemplateId(parsed.data.template)) {
    console.error(`Not created: ${new UnknownTemplateError(parsed.data.template).message}`);
    console.error(USAGE);
    return 2;
  }
  configurePasswordHashing(config.passwordHashCost);
  // A template whose form asks for a captcha gets a key for the built-in one, sealed as the server seals its secrets.
  if (parsed.data.template !== BLANK_TEMPLATE) {
    const keys = await loadKeyRing(config);
    setSecretKeys(keys.current, keys.older);
  }
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const store = await openBlobStore(config, opened.database);
  const { db } = opened.database;
  try {
    const existing = await findAccountByEmail(db, email);
    let password: string | undefined;
    const accountId = existing?.id ?? (await createAccount(db, email, (password = generatePassword())));
    try {
      const { websiteId } = await createSite(db, accountId, parsed.data);
      await startStorePayments(db, websiteId, { testMode: config.siteLimits.newStoreTestMode });
    } catch (err) {
      if (err instanceof SiteTakenError) {
        console.error(`Not created: ${err.message}`);
        return 1;
      }
      throw err;
    }
    await moveStoredBytes(db, store);
    console.log(`Created site ${parsed.data.identifier} (${parsed.data.identifier}.${config.appDomain}), owned by ${email.toLowerCase()}.`);
    if (password) console.log(`New account. Password: ${password}   (shown this once)`);
    return 0;
  } finally {
    await store.close();
    await opened.close({ keepServer: opened.adopted });
  }
}

function refusedDocument(file: string, errors: DocumentError[]): number {
  console.error(`${file} is not a valid site document (${errors.length} error${errors.length === 1 ? '' : 's'}); nothing was imported:`);
  for (const e of errors) console.error(`  ${e.path}: ${e.message}`);
  return 1;
}

runCommand(run);
