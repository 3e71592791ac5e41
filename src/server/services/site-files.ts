/**
 * A site's files as /s/{name} serves them, and the resized copies of its images for the seed's
 * image widths (001 §9): a copy is made with sharp on first request and stored, so every app server
 * serves the same bytes and none is made twice.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { files, fileVariants } from '../../db/schema';

export type SiteFile = typeof files.$inferSelect;

export async function siteFile(db: Db, websiteId: string, name: string): Promise<SiteFile | undefined> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.websiteId, websiteId), eq(files.name, name)));
  return file;
}

/** The image at `width` pixels wide: the stored copy, or one made now and stored. */
export async function resizedImage(db: Db, file: SiteFile, width: number): Promise<{ contentType: string; data: Buffer }> {
  const [stored] = await db
    .select({ contentType: fileVariants.contentType, data: fileVariants.data })
    .from(fileVariants)
    .where(and(eq(fileVariants.websiteId, file.websiteId), eq(fileVariants.name, file.name), eq(fileVariants.width, width)));
  if (stored) return stored;
  const data = await sharp(file.data).resize({ width, withoutEnlargement: true }).toBuffer();
  await db.insert(fileVariants).values({ websiteId: file.websiteId, name: file.name, width, contentType: file.contentType, data }).onConflictDoNothing();
  return { contentType: file.contentType, data };
}
