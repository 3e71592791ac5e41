/**
 * Importing a site, whole: from its archive (tar, or gzipped: the document and its files' bytes) or
 * from its document alone (JSON; a file without bytes keeps the site's file of that name, and a
 * version-1 or 2 document may carry its files base64). It replaces the site of the document's
 * identifier or creates it, and is all or nothing. An archive is two steps: its files staged in
 * the blob store, then the document's one transaction; when that fails, the staged blobs are
 * deleted. Once committed, the replaced files' blobs go and the new images get their copies
 * (afterImport). Refusals: SiteImportRefusal (the document's errors at their JSON paths),
 * ArchiveRefusal (an archive, or a document, the limits or the site refuse) and SiteConflictError.
 */
import type { Readable } from 'node:stream';
import { siteDocumentSchema } from '../../../../blocks/site-document';
import { loadDocument } from '../../../../document/load';
import type { SiteDocument, StoredBlockData } from '../../../../document/schema';
import { format } from '../../../../messages/format';
import { siteArchiveText } from '../../../../messages/site-archive';
import { team } from '../../../../messages/team';
import type { Db } from '../../../../db/client';
import type { UploadDeps } from '../../files';
import { DEFAULT_SITE_LIMITS, findWebsiteByIdentifier, type SiteLimits } from '../../sites';
import { runSteps } from '../../../steps/steps';
import { afterImport, ArchiveRefusal, documentRefusal, stageArchive, type ArchiveImport, type StagedArchive } from '../sites/site-archive';
import { SiteImportRefusal, writeSiteDocument, type ImportResult } from '../sites/sites';

/** An archive as it is read, or a document as parsed from its JSON (not yet checked). */
export type ImportSource = { archive: Readable } | { json: unknown };

export type ImportSiteOptions = {
  /** The site the document must be for (an import from the config area replaces its own site only). */
  identifier?: string;
  makeDefault?: boolean;
  /** The operator's limits (IMPORT_MAX_BYTES, IMPORT_MAX_RATIO, SITE_STORAGE_MB, ALLOW_PUNYCODE_IDENTIFIERS); the settings' defaults when not given. */
  limits?: Partial<SiteLimits>;
  /** APP_DOMAIN, whose labels a new site may not take as its identifier. */
  appDomain?: string;
};

export type ImportedSite = { websiteId: string; created: boolean; document: SiteDocument<StoredBlockData> };

type Written = ImportResult & { document: SiteDocument<StoredBlockData> };

export async function importSite(deps: UploadDeps, source: ImportSource, opts: ImportSiteOptions = {}): Promise<ImportedSite> {
  const checks: ArchiveImport = { identifier: opts.identifier, limits: { ...DEFAULT_SITE_LIMITS, ...opts.limits }, appDomain: opts.appDomain };
  const written =
    'archive' in source
      ? await importArchive(deps, source.archive, checks, opts.makeDefault)
      : await importDocument(deps.db, source.json, checks, opts.makeDefault);
  await afterImport(deps, written);
  return { websiteId: written.websiteId, created: written.created, document: written.document };
}

function importArchive(deps: UploadDeps, body: Readable, checks: ArchiveImport, makeDefault: boolean | undefined): Promise<Written> {
  return runSteps(body, [
    {
      name: "stage the archive's files",
      run: (archive) => stageArchive(deps, archive, checks),
      compensate: (staged) => deps.store.delete(staged.keys),
    },
    { name: 'write the site', run: (staged) => writeArchived(deps.db, staged, makeDefault) },
  ]);
}

async function writeArchived(db: Db, staged: StagedArchive, makeDefault: boolean | undefined): Promise<Written> {
  try {
    const result = await writeSiteDocument(db, staged.document, { makeDefault, staged: staged.files, websiteId: staged.websiteId });
    return { ...result, document: staged.document };
  } catch (err) {
    if (err instanceof SiteImportRefusal) throw new ArchiveRefusal(team.invalidDocument, err.errors);
    throw err;
  }
}

async function importDocument(db: Db, json: unknown, checks: ArchiveImport, makeDefault: boolean | undefined): Promise<Written> {
  const loaded = loadDocument(json, siteDocumentSchema);
  if (!loaded.ok) throw new SiteImportRefusal(loaded.errors);
  const { document } = loaded;
  const { identifier } = document.settings;
  if (checks.identifier !== undefined && identifier !== checks.identifier) {
    throw new ArchiveRefusal(format(siteArchiveText.otherSite, { found: identifier, identifier: checks.identifier }));
  }
  const refusal = documentRefusal(document, !(await findWebsiteByIdentifier(db, identifier)), checks.limits, checks.appDomain ?? 'localhost');
  if (refusal) throw new ArchiveRefusal(refusal);
  return { ...(await writeSiteDocument(db, document, { makeDefault })), document };
}
