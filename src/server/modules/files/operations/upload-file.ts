/**
 * An owner adds a file to the site's library (the asset library's upload, a video's poster): two
 * steps that cannot share a transaction. First the bytes, checked and stored in the blob store
 * under a new key (../uploads.ts storeUpload, refused past the kind's limit, the pixel limit or
 * the site's space); then, in one transaction under the site's lock, the space checked again, the
 * row with a free address name, an image's variants job and the activity entry. When the row
 * cannot be written, the stored blob is deleted: nothing is left behind.
 *
 * A private file (a digital product's download) is stored the same and counted in the site's
 * space, but has no address: /s/ never serves it and the library never lists it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { files } from '../schema/files';
import { enqueueImageVariants } from '../images/variants-job';
import { lockSite, logActivity } from '../../sites';
import { runSteps } from '../../../steps/steps';
import type { FileRow } from '../site-files';
import { checkSpace, freeName, servedName, siteSpace, storedFileColumns, storeUpload, type StoredUpload, type Upload, type UploadDeps } from '../uploads';

/** A new file of the site from an upload. Throws FileRefusal, with nothing stored. */
export async function uploadFile(deps: UploadDeps, websiteId: string, accountId: string, upload: Upload, opts: { private?: boolean } = {}): Promise<FileRow> {
  const isPrivate = opts.private ?? false;
  return runSteps(randomUUID(), [
    {
      name: 'store the bytes',
      run: async (fileId) => ({ fileId, stored: await storeUpload(deps, websiteId, fileId, upload, await siteSpace(deps.db, deps, websiteId)) }),
      compensate: ({ stored }) => deps.store.delete([stored.key]),
    },
    {
      name: 'write the row and queue its image jobs',
      run: ({ fileId, stored }) => writeRow(deps, websiteId, accountId, { fileId, fileName: upload.fileName, isPrivate }, stored),
    },
  ]);
}

type NewFile = { fileId: string; fileName: string; isPrivate: boolean };

async function writeRow(
  deps: UploadDeps,
  websiteId: string,
  accountId: string,
  { fileId, fileName, isPrivate }: NewFile,
  stored: StoredUpload,
): Promise<FileRow> {
  return deps.db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    await checkSpace(tx, deps, websiteId, fileName, stored.size);
    const name = await freeName(tx, websiteId, servedName(fileName, stored.contentType));
    const [{ next }] = (await tx.execute<{ next: number }>(sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM files WHERE website_id = ${websiteId}`))
      .rows as [{ next: number }];
    const [row] = await tx
      .insert(files)
      .values({ websiteId, id: fileId, name, title: fileName.slice(0, 200), ...storedFileColumns(stored), position: next, private: isPrivate })
      .returning();
    // A private file is only ever downloaded whole: no copies for pages.
    if (stored.dimensions && !isPrivate) await enqueueImageVariants(tx, websiteId, fileId, stored.sha256);
    await logActivity(tx, websiteId, accountId, 'file.upload', { name, size: stored.size, ...(isPrivate ? { private: true } : {}) });
    return row!;
  });
}
