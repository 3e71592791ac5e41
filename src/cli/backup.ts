/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--replace]`: the whole database, the sites'
 * stored files (the blob store FILE_STORE names) and the DATA_DIR files a restore needs, in one gzip
 * stream. What the stream holds, and how it is written and restored, is src/server/backup/; this
 * command reads the settings, opens the database and the store, and says what was done. After a
 * restore the key files are written (docs/decisions/0151-the-key-in-a-backup.md).
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { formatFileSize } from '../domain/files';
import { BackupError, plural, type FileStoreKind } from '../server/backup/format';
import { checkKeyFiles, readKeyFiles, writeKeyFiles } from '../server/backup/key-files';
import { checkFileStore, openBackup, removeUnnamedBlobs, restoreBackup, type OpenedBackup, type RestoreResult } from '../server/backup/restore';
import { writeBackup } from '../server/backup/write';
import { openBlobStore } from '../server/blobs/open';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/database';
import { KEY_FILE } from '../server/secrets/keys';
import { runCommand } from './run';

const USAGE = 'usage: npm run backup -- FILE [--without-key]\n       npm run restore -- FILE [--replace]';

/** A refusal's words for the command's output, or undefined for an error that is no refusal. */
function refusal(err: unknown, file: string): string | undefined {
  if (err instanceof BackupError) return err.message;
  if (['Z_DATA_ERROR', 'Z_BUF_ERROR', 'ENOENT', 'EISDIR', 'EACCES'].includes((err as { code?: string }).code ?? ''))
    return `${file} cannot be read as a backup (${(err as Error).message}).`;
  return undefined;
}

/** "12 stored files (3.4 MB, FILE_STORE=disk)": blobs, whichever store holds them. */
const storedFiles = (blobs: { count: number; bytes: number }, kind: FileStoreKind) =>
  `${plural(blobs.count, 'stored file')} (${formatFileSize(blobs.bytes)}, FILE_STORE=${kind})`;

async function run(argv: string[]): Promise<number> {
  const [command, file, ...flags] = argv;
  const known = command === 'backup' ? ['--without-key'] : ['--replace'];
  if ((command !== 'backup' && command !== 'restore') || !file || file.startsWith('--') || flags.some((f) => !known.includes(f))) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const replace = flags.includes('--replace');
  let backup: OpenedBackup | undefined;
  if (command === 'restore') {
    // The backup's header first: one for another file store is refused before the database is opened.
    try {
      backup = await openBackup(file);
      checkFileStore(backup.header.fileStore, config.fileStore);
    } catch (err) {
      backup?.close();
      const why = refusal(err, file);
      if (why === undefined) throw err;
      console.error(`Nothing was restored: ${why}`);
      return 1;
    }
  }
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const store = await openBlobStore(config, opened.database);
  try {
    const { pool } = opened.database;
    if (!backup) {
      const keyFiles = config.secretKey !== undefined || flags.includes('--without-key') ? [] : await readKeyFiles(config.dataDir);
      const manifest = await writeBackup(pool, store, createWriteStream(file, { mode: 0o600 }), keyFiles);
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      const blobs = manifest.blobs ?? { count: 0, bytes: 0, skipped: 0 };
      console.log(`Backed up ${manifest.tables.length} tables (${rows} rows) and ${storedFiles(blobs, store.kind)} to ${file}.`);
      if (blobs.skipped > 0) {
        const one = blobs.skipped === 1;
        console.log(
          `${plural(blobs.skipped, 'stored file')} named by the backup's rows ${one ? 'was' : 'were'} not in the file store (a file replaced or deleted on a site while the backup ran): the backup holds ${one ? 'that row without its' : 'those rows without their'} bytes. Run the backup again for a copy with every file.`,
        );
      }
      if (keyFiles.length > 0) {
        console.log(
          `This backup holds the secret key (${keyFiles.map((f) => f.name).join(', ')}): anyone with the file can open the stored secrets. Keep it as safe as the key, or make it with --without-key and keep the key apart.`,
        );
      } else if (config.secretKey !== undefined) {
        console.log(
          'Stored secrets are sealed with SECRET_KEY, which this backup does not hold: keep the key apart, as the restored secrets open only with it.',
        );
      } else {
        console.log(`This backup does not hold the secret key: keep ${path.join(config.dataDir, KEY_FILE)} apart, as the restored secrets open only with it.`);
      }
      return 0;
    }
    let result: RestoreResult;
    try {
      result = await restoreBackup(pool, backup, {
        replace,
        store,
        beforeCommit: async (keyFiles) => {
          if (config.secretKey === undefined) await checkKeyFiles(config.dataDir, keyFiles, replace);
        },
      });
    } catch (err) {
      const why = refusal(err, file);
      if (why === undefined) throw err;
      console.error(`Nothing was restored: ${why}`);
      return 1;
    }
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    const checked = store.kind === 'postgres' ? '' : ', and every stored file its size and SHA-256';
    console.log(
      `Restored ${result.tables.length} tables (${rows} rows) and ${storedFiles(result.blobs, store.kind)} from ${file}; every table matched its row count and checksum${checked}.`,
    );
    if (result.blobs.kept > 0)
      console.log(
        `${plural(result.blobs.kept, 'stored file')} ${result.blobs.kept === 1 ? 'was' : 'were'} in the file store already, with the same size, and ${result.blobs.kept === 1 ? 'was' : 'were'} kept as ${result.blobs.kept === 1 ? 'it was' : 'they were'}.`,
      );
    if (result.blobs.skipped > 0) {
      console.log(
        `${plural(result.blobs.skipped, 'stored file')} named by the restored rows ${result.blobs.skipped === 1 ? 'is' : 'are'} not in the backup (deleted from the file store while it was made): ${result.blobs.skipped === 1 ? 'that file is' : 'those files are'} missing.`,
      );
    }
    if (replace && store.kind !== 'postgres') {
      try {
        const removed = await removeUnnamedBlobs(pool, store, result.sitesBefore);
        if (removed > 0)
          console.log(
            `Deleted ${plural(removed, 'stored file')} of the replaced database from the file store: no restored row names ${removed === 1 ? 'it' : 'them'}.`,
          );
      } catch (err) {
        console.error(
          `The restore is complete, but the replaced database's stored files could not all be deleted from the file store (${err instanceof Error ? err.message : String(err)}): no row names them; they only take space.`,
        );
      }
    }
    if (result.keyFiles.length > 0) {
      if (config.secretKey !== undefined)
        console.log(
          'The backup holds a secret-key file; SECRET_KEY is set, so it was not written: the restored secrets open only with the key they were sealed with.',
        );
      else {
        const written = await writeKeyFiles(config.dataDir, result.keyFiles);
        if (written.length > 0) console.log(`Wrote the backup's secret key to ${written.join(', ')} (mode 600).`);
      }
    }
    console.log('Restart the app servers so they read the restored data.');
    return 0;
  } finally {
    backup?.close();
    await store.close();
    await opened.close({ keepServer: opened.adopted });
  }
}

runCommand(run);
