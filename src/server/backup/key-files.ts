/**
 * The secret-key files of DATA_DIR a backup carries (docs/decisions/0151-the-key-in-a-backup.md):
 * read for a backup, checked before a restore commits, written after it.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { KEY_FILE, NEXT_KEY_FILE } from '../secrets/keys';
import { BackupError, type KeyFileEntry } from './format';

export const KEY_FILES = [KEY_FILE, NEXT_KEY_FILE];

/** The key files of DATA_DIR, when stored secrets are sealed with them (not when SECRET_KEY is set). */
export async function readKeyFiles(dataDir: string): Promise<KeyFileEntry[]> {
  const found: KeyFileEntry[] = [];
  for (const name of KEY_FILES) {
    try {
      found.push({ name, data: await readFile(path.join(dataDir, name), 'utf8') });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return found;
}

/** Refuses (before anything is committed) a key in DATA_DIR that differs from the backup's, unless --replace. */
export async function checkKeyFiles(dataDir: string, files: KeyFileEntry[], replace: boolean): Promise<void> {
  for (const file of files) {
    const target = path.join(dataDir, file.name);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current !== undefined && current !== file.data && !replace) {
      throw new BackupError(
        `${target} holds another key than the backup's; add --replace to write the backup's key over it (the rows restored are sealed with it).`,
      );
    }
  }
}

/** Writes the backup's key files into DATA_DIR (mode 600); answers the files written. */
export async function writeKeyFiles(dataDir: string, files: KeyFileEntry[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(dataDir, file.name);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === file.data) continue;
    await writeFile(target, file.data, { mode: 0o600 });
    await chmod(target, 0o600);
    written.push(target);
  }
  return written;
}
