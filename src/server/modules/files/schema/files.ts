/**
 * A site's files and where their bytes are: `files` is what owners see in the asset library and
 * visitors ask for at /s/{name} (the blob in the blob store, src/server/blobs/store.ts), with what
 * the image pipeline learnt and made of it (`file_variants`: each seed width in each format). The
 * `blobs` and `blob_chunks` tables are the PostgreSQL blob store's own (FILE_STORE=postgres, the
 * default); the other stores keep the bytes elsewhere and leave them empty.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, foreignKey, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** What the image pipeline has done with a file: images are 'processing' until their variants exist (or 'failed'); other files are 'ready'. */
export const FILE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const files = pgTable(
  'files',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Stable across renames and replacements: variants and blob paths hang off it. */
    id: text('id').notNull().default(sql`gen_random_uuid()::text`),
    /** Served at /s/{name} (seed 000 §2 file link shape); owners rename it. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    size: bigint('size', { mode: 'number' }),
    /** SHA-256 of the bytes, hex: the entity tag, and the hash in the addresses pages use (immutable). */
    sha256: text('sha256'),
    /** The original's path in the blob store; null while its bytes are still in `data` (files stored before the blob store). */
    blobPath: text('blob_path'),
    /** Bytes of a file stored before the blob store, until they are moved there at start. */
    data: bytea('data'),
    status: text('status').$type<FileStatus>().notNull().default('ready'),
    alt: text('alt').notNull().default(''),
    /** Where the image's subject is, 0–1 from the left and top; null for the centre. */
    focalX: real('focal_x'),
    focalY: real('focal_y'),
    /**
     * Its name in the asset library: at first the name it had on the owner's computer. Renaming
     * changes this, never the file's address, so no link to it breaks.
     */
    title: text('title'),
    /**
     * The image pipeline version (IMAGE_PIPELINE_VERSION) that made the variants of a 'ready'
     * image; null before one did. A file with the same bytes may copy variants of the current one.
     */
    variantsVersion: integer('variants_version'),
    /** Kept from visitors: never served at /s/, nor listed in the asset library (a digital product's download). */
    private: boolean('private').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('files_website_name').on(t.websiteId, t.name),
    // Finding another file with the same bytes, whatever its site, to copy its variants from.
    index('files_sha256').on(t.sha256),
  ],
);

/** An image at one of the seed's widths (or its own) in one format, made by the pipeline. */
export const fileVariants = pgTable(
  'file_variants',
  {
    websiteId: text('website_id').notNull(),
    fileId: text('file_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 'avif', 'webp', or the original's own ('jpeg', 'png', 'gif'). */
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    blobPath: text('blob_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.fileId, t.width, t.format] }),
    foreignKey({ columns: [t.websiteId, t.fileId], foreignColumns: [files.websiteId, files.id] }).onDelete('cascade'),
  ],
);

/**
 * The PostgreSQL blob store: one row per blob, written with its chunks in one transaction. Like the
 * other stores it does not depend on the site's row: an archive's files are stored before the
 * import's transaction creates the site they belong to.
 */
export const blobs = pgTable(
  'blobs',
  {
    websiteId: text('website_id').notNull(),
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.path] })],
);

export const blobChunks = pgTable(
  'blob_chunks',
  {
    websiteId: text('website_id').notNull(),
    path: text('path').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.path, t.seq] }),
    foreignKey({ columns: [t.websiteId, t.path], foreignColumns: [blobs.websiteId, blobs.path] }).onDelete('cascade'),
  ],
);
