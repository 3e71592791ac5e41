/**
 * What the operator allows each site and account (src/server/config.ts reads them from the
 * environment): how much an archive import may unpack and how far it may expand, the file space a
 * site has, who may create sites, and which identifiers a site may take. The defaults here are the
 * settings' own defaults, used too by the tests and tools that build the app without an environment.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { BYTES_PER_MB, formatMegabytes } from '../../../domain/files';
import { TEAM_ROLES } from '../../../domain/roles';
import { identifierRefusal, type SiteCreationRight } from '../../../domain/new-sites';
import { format } from '../../../messages/format';
import { pages as texts } from '../../../messages/pages';

export type SiteLimits = {
  /** IMPORT_MAX_BYTES: the most an archive import unpacks, document, files and the archive's own headers together. */
  importMaxBytes: number;
  /** IMPORT_MAX_RATIO: how many times its gzipped size an archive may unpack to (past its first megabyte). */
  importMaxRatio: number;
  /** SITE_STORAGE_MB in bytes: the most a site's files (as uploaded) may take together. */
  storageBytes: number;
  siteCreation: SiteCreationRight;
  /** ALLOW_PUNYCODE_IDENTIFIERS: whether a site may take an `xn--` identifier. */
  allowPunycode: boolean;
  /** Whether a new site's store starts in test mode: on with the embedded database, off with a managed one (DATABASE_URL). */
  newStoreTestMode: boolean;
};

export const DEFAULT_SITE_LIMITS: SiteLimits = {
  importMaxBytes: 2_500 * BYTES_PER_MB,
  importMaxRatio: 100,
  storageBytes: 2_000 * BYTES_PER_MB,
  siteCreation: 'admins',
  allowPunycode: false,
  newStoreTestMode: true,
};

/** The bytes a site's files take, as uploaded (the copies the image pipeline makes are the server's, not counted). */
export async function storageUsed(db: Executor, websiteId: string): Promise<number> {
  const { rows } = await db.execute<{ used: string }>(
    sql`SELECT coalesce(sum(coalesce(size, octet_length(data))), 0)::text AS used FROM files WHERE website_id = ${websiteId}`,
  );
  return Number(rows[0]?.used ?? 0);
}

/** "1.2 MB left of 2 GB": the words a refusal for want of space uses. */
export function spaceLeftText(used: number, storageBytes: number): { left: string; quota: string } {
  return { left: formatMegabytes(Math.max(0, storageBytes - used)), quota: formatMegabytes(storageBytes) };
}

/** Why a site may not take `identifier` (a message for the identifier field), or undefined. */
export function identifierRefused(identifier: string, limits: SiteLimits, appDomain: string): string | undefined {
  const why = identifierRefusal(identifier, { appDomain, allowPunycode: limits.allowPunycode });
  if (why === 'reserved') return format(texts.identifierReserved, { identifier });
  if (why === 'punycode') return texts.identifierPunycode;
  return undefined;
}

/** Whether an account with these roles (one a site it is on the team of) may create a site from the config area. */
export function mayCreateSites(right: SiteCreationRight, roles: readonly number[]): boolean {
  if (right === 'anyone') return true;
  if (right === 'operator') return false;
  return roles.includes(TEAM_ROLES.ADMIN);
}

/** Who may create sites, in words, for the account that may not. */
export function whoCreatesSites(right: SiteCreationRight): string {
  return right === 'operator' ? texts.siteCreationOperator : texts.siteCreationAdmins;
}
