/**
 * The asset library's calls (src/server/modules/files/routes/files.ts, all through `configRoute` in the `pages`
 * area: read for GET, write for the rest), as the config area reads their answers:
 *
 * - `GET /api/config/files?search=…`: `filesAnswer`, newest first, with the space the site's files take.
 * - `POST /api/config/files`: the file's bytes as the body (`application/octet-stream`, its name
 *   percent-encoded in `X-File-Name`, the browser's type in `X-File-Type`); `fileAnswer`, or 413
 *   when it passes its kind's limit or the space the site has left.
 * - `PUT /api/config/files/:fileId/content`: the same body, new bytes at the same address; `fileAnswer`.
 * - `PUT /api/config/files/:fileId`: `{ title?, alt?, focal? }`; `fileAnswer`.
 * - `GET /api/config/files/:fileId/uses`: `fileUsesAnswer`.
 * - `DELETE /api/config/files/:fileId`: `{}`, or 409 naming where the file is used.
 */
import { z } from 'zod';

export const libraryFile = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  src: z.string(),
  contentType: z.string(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  size: z.number(),
  sizeText: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  status: z.enum(['processing', 'ready', 'failed']),
  /** An image 'processing' whose copies pages show first exist: AVIF and the other sizes are still coming. */
  moreComing: z.boolean().optional(),
  alt: z.string(),
  focalX: z.number().nullable(),
  focalY: z.number().nullable(),
  createdAt: z.string(),
  usedOn: z.number(),
});
export type LibraryFile = z.infer<typeof libraryFile>;

/** The bytes the site's files take, and the most they may (SITE_STORAGE_MB). */
export const storageAnswer = z.object({ used: z.number(), quota: z.number() });
export type Storage = z.infer<typeof storageAnswer>;
export const filesAnswer = z.object({ files: z.array(libraryFile), storage: storageAnswer });
export const fileAnswer = z.object({ file: libraryFile });
export const fileUsesAnswer = z.object({
  uses: z.array(z.object({ kind: z.enum(['page', 'item', 'site']), id: z.string(), title: z.string(), where: z.enum(['published', 'draft', 'revision']) })),
});
export type FileUse = z.infer<typeof fileUsesAnswer>['uses'][number];
export const deletedAnswer = z.object({}).loose();

/** What a picker hands back: the image's address, and what the library knows of it. */
export type PickedImage = { src: string; alt: string; focal: { x: number; y: number } | null; title: string; width: number | null; height: number | null };

/** A picked library file as the picker hands it back. */
export function pickedImage(file: LibraryFile): PickedImage {
  return {
    src: file.src,
    alt: file.alt,
    focal: file.focalX !== null && file.focalY !== null ? { x: file.focalX, y: file.focalY } : null,
    title: file.title,
    width: file.width,
    height: file.height,
  };
}
