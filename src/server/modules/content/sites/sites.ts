/**
 * Sites as stored: importing a whole site document (one transaction: the site is replaced whole or
 * left exactly as it was; each page's content becomes its next revision and replaces its draft;
 * files keep their rows, blobs and image copies unless new bytes come for them),
 * exporting it back (export then import gives an identical site), and finding the site a
 * request's host names. Every change is marked with `markSiteChanged`
 * (./site-changes.ts), which drops cached pages on every app server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Collection, Item, Page, SiteDocument, StoredBlockData } from '../../../../document/schema';
import { readStored } from '../../../../document/link';
import { settingsSchema, SITE_DOCUMENT_FORMAT, SITE_DOCUMENT_VERSION } from '../../../../document/schema';
import type { Db, Executor } from '../../../../db/client';
import { itemPath } from '../../../../document/paths';
import { collectionItems, collections, pages, redirects } from '../schema/content';
import type { DocumentError } from '../../../../document/load';
import { recordImportedPages } from '../drafts/outside-writes';
import { enqueueImageVariants, fileSize, storedFileColumns, variantDonor, type StoredUpload, type VariantDonor } from '../../files';
import { deleteFileRows, insertFileRows, siteFileRows, updateFileDetails, type FileRow, type NewFileRow } from '../../files';
import { exportStore, writeStore } from '../../catalogue';
import { exportPricing, writePricing } from '../../pricing';
import { markSiteChanged, strict } from '../../sites';
import { addSiteDomains, createSiteRow, defaultSite, logActivity, removeSiteDomains, siteIdOf, siteRow, updateSiteRow } from '../../sites';
import { importDesign, publishedDesign } from '../design/site-design';

export class SiteConflictError extends Error {}

export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Drops undefined members so exported JSON matches the imported document key for key. */
function defined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** A document the site's rows refuse (a file it names without bytes the site has): every problem at its JSON path. */
export class SiteImportRefusal extends Error {
  constructor(readonly errors: DocumentError[]) {
    super(errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  }
}

/** A file of an archive already in the blob store under `path`, waiting for its row (./site-archive.ts). */
export type StagedFile = Pick<StoredUpload, 'path' | 'contentType' | 'size' | 'sha256' | 'dimensions'> & { id: string };

export type ImportOptions = {
  makeDefault?: boolean;
  // `within` runs last in the import's transaction (a new site's owner): what it throws undoes the import.
  within?: (tx: Executor, site: { websiteId: string; created: boolean }) => Promise<void>;
  /** Bytes of the document's files stored ahead of the import, by file name (an archive's). */
  staged?: ReadonlyMap<string, StagedFile>;
  /** The id a new site gets: the one its staged files were stored under. */
  websiteId?: string;
};

export type ImportResult = {
  websiteId: string;
  created: boolean;
  /** Files whose rows are gone: the caller deletes their blobs once this commits (removeFileBlobs). */
  removedFiles: string[];
  /** Staged blobs no row names (the site's own file had the same bytes): the caller deletes them. */
  unusedBlobs: string[];
  /** New images whose bytes another file already has with its variants: the caller copies them once this commits (copyOrQueueImageVariants). */
  variantCopies: { fileId: string; sha256: string; donor: VariantDonor }[];
};

/** `doc` as the writing schema gives it (src/blocks/site-document.ts): its owner HTML sanitised. */
export async function writeSiteDocument(db: Db, doc: SiteDocument<StoredBlockData>, opts: ImportOptions = {}): Promise<ImportResult> {
  const { identifier, design, ...settings } = doc.settings;
  try {
    return await db.transaction(async (tx) => {
      const existing = await siteIdOf(tx, identifier, { forUpdate: true });
      const anyDefault = await defaultSite(tx);
      if (existing && opts.websiteId && existing !== opts.websiteId)
        throw new SiteConflictError('another import created this site while the archive was read; import it again');
      const websiteId = existing ?? opts.websiteId ?? newId();
      const becomesDefault = opts.makeDefault === true || (!anyDefault && !existing);
      if (opts.makeDefault && anyDefault && anyDefault.id !== websiteId) {
        await updateSiteRow(tx, anyDefault.id, { isDefault: false });
      }
      let replacedPages: string[] = [];
      if (existing) {
        const pageIds = doc.pages.map((p) => p.id);
        await removeSiteDomains(tx, websiteId);
        for (const table of [collectionItems, collections, redirects]) {
          await tx.delete(table).where(eq(table.websiteId, websiteId));
        }
        // Pages the document still holds are rewritten in place rather than deleted, so their
        // revisions (and drafts, replaced below) stay theirs; the others go, with theirs.
        await tx.delete(pages).where(and(eq(pages.websiteId, websiteId), pageIds.length > 0 ? notInArray(pages.id, pageIds) : undefined));
        // Paths may move from page to page in one import: cleared first, so the unique index sees only the new ones.
        replacedPages = (await tx.update(pages).set({ path: null }).where(eq(pages.websiteId, websiteId)).returning({ id: pages.id })).map((p) => p.id);
        await markSiteChanged(tx, websiteId, {
          settings,
          navigation: doc.navigation,
          header: doc.header,
          footer: doc.footer,
          ...(becomesDefault ? { isDefault: true } : {}),
        });
      } else {
        await createSiteRow(tx, {
          id: websiteId,
          identifier,
          settings,
          navigation: doc.navigation,
          header: doc.header,
          footer: doc.footer,
          isDefault: becomesDefault,
        });
        // Marked too: app servers that looked this host up before drop their "no site here".
        await markSiteChanged(tx, websiteId);
      }
      await addSiteDomains(tx, websiteId, doc.settings.customDomains);
      await importDesign(tx, websiteId, design);
      if (doc.pages.length > 0) {
        await tx
          .insert(pages)
          .values(
            doc.pages.map((p, position) => ({
              websiteId,
              id: p.id,
              pageType: p.pageType,
              path: p.path ?? null,
              title: p.title,
              navigationTitle: p.navigationTitle ?? null,
              status: p.status,
              seo: p.seo,
              sections: p.sections,
              access: p.access,
              position,
            })),
          )
          .onConflictDoUpdate({
            target: [pages.websiteId, pages.id],
            set: {
              pageType: sql`excluded.page_type`,
              path: sql`excluded.path`,
              title: sql`excluded.title`,
              navigationTitle: sql`excluded.navigation_title`,
              status: sql`excluded.status`,
              seo: sql`excluded.seo`,
              sections: sql`excluded.sections`,
              access: sql`excluded.access`,
              position: sql`excluded.position`,
            },
          });
      }
      await recordImportedPages(tx, websiteId, replacedPages);
      for (const [position, c] of doc.collections.entries()) {
        await tx.insert(collections).values({
          websiteId,
          id: c.id,
          type: c.type,
          path: c.path,
          title: c.title,
          navigationTitle: c.navigationTitle ?? null,
          status: c.status,
          description: c.description ?? null,
          urlPattern: c.urlPattern ?? null,
          viewMode: c.viewMode ?? null,
          seo: c.seo,
          position,
        });
        if (c.items.length > 0) {
          await tx.insert(collectionItems).values(
            c.items.map((it, itemPosition) => ({
              websiteId,
              id: it.id,
              collectionId: c.id,
              slug: it.slug,
              path: itemPath(c, it, doc.settings.timeZone),
              title: it.title,
              status: it.status,
              publishedAt: it.publishedAt,
              author: it.author ?? null,
              excerpt: it.excerpt ?? null,
              tags: it.tags,
              categories: it.categories,
              thumbnail: it.thumbnail ?? null,
              seo: it.seo,
              sections: it.sections,
              position: itemPosition,
            })),
          );
        }
      }
      if (doc.redirects.length > 0) {
        await tx.insert(redirects).values(doc.redirects.map((r, position) => ({ websiteId, fromPath: r.from, toUrl: r.to, position })));
      }
      const { removedFiles, unusedBlobs, variantCopies } = await writeFiles(tx, websiteId, doc.files, opts.staged ?? new Map());
      await writeStore(tx, websiteId, doc.store, new Map(doc.collections.map((c) => [c.id, c.path])));
      await writePricing(tx, websiteId, doc.store);
      await opts.within?.(tx, { websiteId, created: !existing });
      return { websiteId, created: !existing, removedFiles, unusedBlobs, variantCopies };
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new SiteConflictError('a custom domain of this site already belongs to another site');
    throw err;
  }
}

/**
 * The site's files as the document lists them. A file comes with new bytes (staged from an archive,
 * or base64 in the document, moved to the blob store by moveStoredBytes after the commit), or with
 * none: then the site's own file of that name is kept with its blobs and image copies, which is
 * also what an archive's file with the bytes the site already has does. Files the document does not
 * list are removed.
 */
async function writeFiles(tx: Executor, websiteId: string, listed: SiteDocument['files'], staged: ReadonlyMap<string, StagedFile>) {
  const before = new Map((await siteFileRows(tx, websiteId)).map((f) => [f.name, f]));
  const kept = new Map<string, { id: string; position: number; details: FileDetailsOf }>();
  const added: NewFileRow[] = [];
  const unusedBlobs: string[] = [];
  const problems: DocumentError[] = [];
  for (const [position, f] of listed.entries()) {
    const prior = before.get(f.name);
    const bytes = staged.get(f.name);
    const details: FileDetailsOf = {
      alt: f.alt ?? '',
      focalX: f.focalX ?? null,
      focalY: f.focalY ?? null,
      title: f.title ?? null,
      private: f.private === true,
    };
    if (bytes && prior && storedSha256(prior) === bytes.sha256) {
      kept.set(f.name, { id: prior.id, position, details });
      unusedBlobs.push(bytes.path);
    } else if (bytes) {
      added.push({ websiteId, id: bytes.id, name: f.name, ...storedFileColumns(bytes), position, ...details });
    } else if (f.data !== undefined) {
      added.push({
        websiteId,
        name: f.name,
        contentType: f.contentType,
        width: f.width ?? null,
        height: f.height ?? null,
        data: Buffer.from(f.data, 'base64'),
        position,
        ...details,
      });
    } else if (!prior) {
      problems.push({ path: `$.files[${position}].data`, message: `the site has no file named ${f.name}: import the site's archive, which holds its bytes` });
    } else if (f.sha256 !== undefined && f.sha256 !== storedSha256(prior)) {
      problems.push({
        path: `$.files[${position}].sha256`,
        message: `the site's file ${f.name} holds other bytes than this document's: import the archive the document came in`,
      });
    } else {
      kept.set(f.name, { id: prior.id, position, details });
    }
  }
  if (problems.length > 0) throw new SiteImportRefusal(problems);
  const keptIds = new Set([...kept.values()].map((k) => k.id));
  const removedFiles = [...before.values()].filter((f) => !keptIds.has(f.id)).map((f) => f.id);
  await deleteFileRows(tx, websiteId, removedFiles);
  for (const k of kept.values()) await updateFileDetails(tx, websiteId, k.id, { position: k.position, ...k.details });
  await insertFileRows(tx, added);
  // An image gets its variants' job in this transaction, unless another file has its bytes and variants to copy.
  const variantCopies: ImportResult['variantCopies'] = [];
  for (const row of added) {
    if (!row.id || row.status !== 'processing') continue;
    const donor = await variantDonor(tx, row.sha256!, { websiteId, fileId: row.id });
    if (donor) variantCopies.push({ fileId: row.id, sha256: row.sha256!, donor });
    else await enqueueImageVariants(tx, websiteId, row.id, row.sha256!);
  }
  return { removedFiles, unusedBlobs, variantCopies };
}

/** A file's hash, its bytes still in its row when it was stored before the blob store. */
const storedSha256 = (file: FileRow) => file.sha256 ?? (file.data ? createHash('sha256').update(file.data).digest('hex') : null);

type FileDetailsOf = { alt: string; focalX: number | null; focalY: number | null; title: string | null; private: boolean };

/**
 * The site as a document. Its files are listed with what the asset library knows of them but not
 * their bytes: the site's archive (./site-archive.ts) carries those beside the document, and
 * importing the document alone keeps the site's files as they are.
 */
export async function exportSite(db: Db, websiteId: string): Promise<SiteDocument<StoredBlockData> | undefined> {
  return (await exportSiteWithFiles(db, websiteId))?.document;
}

/** The site as a document, with the file rows it lists (in the document's order): the archive streams their blobs. */
export async function exportSiteWithFiles(db: Db, websiteId: string): Promise<{ document: SiteDocument<StoredBlockData>; fileRows: FileRow[] } | undefined> {
  const site = await siteRow(db, websiteId);
  if (!site) return undefined;
  const [pageRows, collectionRows, itemRows, redirectRows, fileRows, store, pricing] = await Promise.all([
    db.select().from(pages).where(eq(pages.websiteId, websiteId)).orderBy(asc(pages.position)),
    db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.position)),
    db.select().from(collectionItems).where(eq(collectionItems.websiteId, websiteId)).orderBy(asc(collectionItems.position)),
    db.select().from(redirects).where(eq(redirects.websiteId, websiteId)).orderBy(asc(redirects.position)),
    siteFileRows(db, websiteId),
    exportStore(db, websiteId),
    exportPricing(db, websiteId),
  ]);
  const docPages: Page<StoredBlockData>[] = pageRows.map((p) =>
    defined({
      id: p.id,
      pageType: p.pageType as Page['pageType'],
      path: p.path ?? undefined,
      title: p.title,
      navigationTitle: p.navigationTitle ?? undefined,
      status: p.status as Page['status'],
      seo: p.seo,
      access: strict.pageAccess(p.access, { websiteId, column: 'pages.access', row: p.id }),
      sections: strict.sections(p.sections, { websiteId, column: 'pages.sections', row: p.id }),
    }),
  );
  const docCollections: Collection<StoredBlockData>[] = collectionRows.map((c) =>
    defined({
      id: c.id,
      type: c.type,
      path: c.path,
      title: c.title,
      navigationTitle: c.navigationTitle ?? undefined,
      status: c.status as Collection['status'],
      description: c.description ?? undefined,
      urlPattern: c.urlPattern ?? undefined,
      viewMode: (c.viewMode ?? undefined) as Collection['viewMode'],
      seo: c.seo,
      items: itemRows
        .filter((it) => it.collectionId === c.id)
        .map((it) =>
          defined({
            id: it.id,
            slug: it.slug,
            title: it.title,
            status: it.status as Item['status'],
            publishedAt: new Date(it.publishedAt).toISOString(),
            author: it.author ?? undefined,
            excerpt: it.excerpt ?? undefined,
            tags: it.tags,
            categories: it.categories,
            thumbnail: it.thumbnail ?? undefined,
            seo: it.seo,
            sections: strict.sections(it.sections, { websiteId, column: 'collection_items.sections', row: it.id }),
          }),
        ),
    }),
  );
  const document: SiteDocument<StoredBlockData> = {
    format: SITE_DOCUMENT_FORMAT,
    version: SITE_DOCUMENT_VERSION,
    // Parsed so that settings added after the site was stored come out with their defaults.
    // Links stored before the link rules come out as they are; importing the file asks for them mended.
    settings: { ...strict.settings(site), design: await publishedDesign(db, websiteId) },
    navigation: strict.navigation(site),
    // Sites stored before header and footer settings existed hold {}: the schema fills the defaults.
    header: strict.header(site),
    footer: strict.footer(site),
    pages: docPages,
    collections: docCollections,
    redirects: redirectRows.map((r) => ({ from: r.fromPath, to: r.toUrl })),
    files: fileRows.map((f) =>
      defined({
        name: f.name,
        contentType: f.contentType,
        width: f.width ?? undefined,
        height: f.height ?? undefined,
        alt: f.alt === '' ? undefined : f.alt,
        focalX: f.focalX ?? undefined,
        focalY: f.focalY ?? undefined,
        title: f.title ?? undefined,
        size: fileSize(f),
        sha256: storedSha256(f) ?? undefined,
        private: f.private ? true : undefined,
      }),
    ),
    store: { ...store, ...pricing },
  };
  return { document, fileRows };
}

/** Settings an owner edits in the config area (custom domains move with import only). */
export type EditableSettings = Pick<
  SiteDocument['settings'],
  | 'identifier'
  | 'title'
  | 'tagline'
  | 'description'
  | 'footerText'
  | 'locale'
  | 'timeZone'
  | 'escapeKeyLogin'
  | 'badgeType'
  | 'infoBarStyle'
  | 'contact'
  | 'developerMode'
  | 'cloneable'
  | 'cookieBanner'
>;

const identifierTaken = (identifier: string) => `Another site already uses the identifier "${identifier}". Choose another one.`;

/**
 * Applies an owner's changes to the site's settings, whole objects (contact) replaced. A new
 * identifier moves the site to {identifier}.{APP_DOMAIN}; one another site has is refused with
 * SiteConflictError (checked here, and by the unique index when two owners race).
 */
export async function updateSiteSettings(
  db: Db,
  websiteId: string,
  changes: Partial<EditableSettings>,
  actorId: string,
): Promise<{ identifier: string; previousIdentifier: string }> {
  try {
    return await db.transaction(async (tx) => {
      const site = await siteRow(tx, websiteId, { forUpdate: true });
      if (!site) throw new Error('site not found');
      const { identifier = site.identifier, ...rest } = changes;
      // Parsed whole, so a site stored before newer settings existed is saved with their defaults. The
      // changes hold no link (the social image moves with import only), so a stored one is kept as it is.
      const { identifier: _identifier, ...settings } = readStored(() => settingsSchema.parse({ ...site.settings, ...rest, identifier }));
      const moved = identifier !== site.identifier;
      if (moved) {
        if (await siteIdOf(tx, identifier)) throw new SiteConflictError(identifierTaken(identifier));
      }
      // Also drops every app server's host lookups, so the old {identifier}.{APP_DOMAIN} stops answering at once.
      await markSiteChanged(tx, websiteId, { identifier, settings });
      await logActivity(tx, websiteId, actorId, 'settings.updated', {
        fields: Object.keys(changes),
        ...(moved ? { identifier: { from: site.identifier, to: identifier } } : {}),
      });
      return { identifier, previousIdentifier: site.identifier };
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505' && changes.identifier) throw new SiteConflictError(identifierTaken(changes.identifier));
    throw err;
  }
}

export async function updateHeaderFooter(
  db: Db,
  websiteId: string,
  header: SiteDocument['header'],
  footer: SiteDocument['footer'],
  actorId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await markSiteChanged(tx, websiteId, { header, footer });
    await logActivity(tx, websiteId, actorId, 'design.header_footer_updated');
  });
}
