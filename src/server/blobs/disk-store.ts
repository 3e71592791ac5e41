/**
 * The disk blob store (FILE_STORE=disk): a blob is the file `${DATA_DIR}/files/{websiteId}/{path}`,
 * for an install with one app server. A put writes a temporary file in `files/~incoming/` (the same
 * file system, and a name no site id can take: `~` is not a key character), flushes it to the disk
 * and renames it into place, so a reader sees the old file or the new one whole, never part of one.
 * Keys are checked before any path is made from them: no key reaches outside its site's folder.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertListArgs, BodyMeter, clampRange, meteredPieces } from './body';
import { assertBlobKey, copyEach, validBlobKey, type BlobKey, type BlobStore, type StoredBlob } from './store';

/** Where puts write before their rename. */
export const INCOMING = '~incoming';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
/** The file opened for reading, or undefined when there is none. */
async function openIfThere(file: string): Promise<FileHandle | undefined> {
  try {
    return await open(file, 'r');
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
}

/** What the file system answers for a path with no file: none there, or a file where a folder would be. */
const missing = (error: unknown) => errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR';

export function diskBlobStore(dataDir: string): BlobStore {
  const root = path.join(path.resolve(dataDir), 'files');
  const incoming = path.join(root, INCOMING);
  const siteDir = (websiteId: string) => path.join(root, websiteId);
  const fileOf = (key: BlobKey) => {
    assertBlobKey(key);
    return path.join(siteDir(key.websiteId), ...key.path.split('/'));
  };

  let swept: Promise<void> | undefined;

  async function statOf(file: string): Promise<{ size: number } | undefined> {
    const handle = await openIfThere(file);
    if (!handle) return undefined;
    try {
      const info = await handle.stat();
      return info.isFile() ? { size: info.size } : undefined;
    } finally {
      await handle.close();
    }
  }

  /** A new temporary file's name in the incoming folder (whose leftovers a day old are swept once). */
  async function incomingFile(): Promise<string> {
    await mkdir(incoming, { recursive: true });
    swept ??= sweep(incoming);
    await swept;
    return path.join(incoming, `${randomUUID()}.part`);
  }

  async function write(target: string, body: Readable | Buffer, maxBytes: number | undefined): Promise<StoredBlob> {
    const temp = await incomingFile();
    let handle: FileHandle | undefined = await open(temp, 'wx');
    try {
      const meter = new BodyMeter(maxBytes);
      for await (const piece of meteredPieces(body, meter)) await writeAll(handle, piece);
      await handle.sync();
      await handle.close();
      handle = undefined;
      await moveInto(temp, target);
      return meter.result();
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function* walk(websiteId: string, prefix: string, dir: string): AsyncGenerator<BlobKey> {
    let entries;
    try {
      entries = await readdir(path.join(siteDir(websiteId), ...(dir ? dir.split('/') : [])), { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const child = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (`${child}/`.startsWith(prefix) || prefix.startsWith(`${child}/`)) yield* walk(websiteId, prefix, child);
      } else if (entry.isFile() && child.startsWith(prefix) && validBlobKey({ websiteId, path: child })) {
        yield { websiteId, path: child };
      }
    }
  }

  /** Removes the folders a delete emptied, up to the site's own; a folder a put has just filled stays. */
  async function prune(dir: string, websiteId: string): Promise<void> {
    const stop = path.dirname(siteDir(websiteId));
    for (let current = dir; current.startsWith(siteDir(websiteId)) && current !== stop; current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
    }
  }

  return {
    kind: 'disk',

    async put(key, body, opts) {
      return write(fileOf(key), body, opts?.maxBytes);
    },

    copyMany(pairs) {
      return copyEach(this, pairs);
    },

    async copy(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      if (source === target) return statOf(source);
      const temp = await incomingFile();
      try {
        // A clone of the extents where the file system can make one, else a copy in the kernel.
        await copyFile(source, temp, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      } catch (error) {
        await rm(temp, { force: true });
        if (missing(error) || errorCode(error) === 'EISDIR') return undefined;
        throw error;
      }
      try {
        const handle = await open(temp, 'r');
        let size: number;
        try {
          await handle.sync();
          size = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await moveInto(temp, target);
        return { size };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const handle = await openIfThere(fileOf(key));
      if (!handle) return undefined;
      try {
        // The open file, not the path: a put renaming a new file into place meanwhile does not change what this read sees.
        const info = await handle.stat();
        const bytes = info.isFile() ? clampRange(info.size, range) : undefined;
        if (!info.isFile() || !bytes) {
          await handle.close();
          return info.isFile() ? Readable.from([], { objectMode: false }) : undefined;
        }
        return handle.createReadStream({ start: bytes.start, end: bytes.end, autoClose: true });
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
    },

    async stat(key) {
      return statOf(fileOf(key));
    },

    async delete(keys) {
      const files = keys.map((key) => ({ key, file: fileOf(key) }));
      for (const { key, file } of files) {
        try {
          await unlink(file);
        } catch (error) {
          // No such file, or a folder there (a key with no blob of its own).
          if (missing(error) || errorCode(error) === 'EISDIR' || errorCode(error) === 'EPERM') continue;
          throw error;
        }
        await prune(path.dirname(file), key.websiteId);
      }
    },

    async *list(websiteId, prefix = '') {
      assertListArgs(websiteId, prefix);
      yield* walk(websiteId, prefix, '');
    },

    async close() {
      // Nothing held open between calls.
    },
  };
}

/** Temporary files a stopped server left behind (a put cut short by a crash), once a day old: no put takes that long. */
async function sweep(incoming: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(incoming).catch(() => [])) {
    const file = path.join(incoming, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}

async function writeAll(handle: FileHandle, piece: Buffer): Promise<void> {
  for (let offset = 0; offset < piece.length; ) {
    const { bytesWritten } = await handle.write(piece, offset);
    offset += bytesWritten;
  }
}

/** Renames the finished temporary file into place, then makes the rename itself durable. */
async function moveInto(temp: string, target: string): Promise<void> {
  const dir = path.dirname(target);
  // A delete pruning the emptied folder between the mkdir and the rename: make it again.
  for (let attempt = 1; ; attempt += 1) {
    await mkdir(dir, { recursive: true });
    try {
      await rename(temp, target);
      break;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
