/**
 * A site's design as versioned content (src/server/versions/): the published design visitors get
 * (`site_designs.design`), the Design screen's draft, each publish's revision, and the design the
 * site started with (its template's or the one last imported), which "Reset to the template's
 * design" makes the draft again. A site whose row is missing has the default design
 * (src/document/design.ts): the row is made on its first save.
 *
 * Publishing locks the site row first, as a page's publish does, and marks the site changed in the
 * same transaction, so every app server drops its pages and its held content (and with it the
 * per-site stylesheet) at once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DesignAnswer, DesignState } from '../../../../contracts/design';
import type { Published, RevisionList } from '../../../../contracts/editor';
import { DEFAULT_DESIGN, designSchema, type Design } from '../../../../document/design';
import { paletteColorsOf } from '../../../../document/design-css';
import { PALETTE_COLOR_IDS } from '../../../../domain/palette';
import { rgbToPaletteValue } from '../../../../domain/palette-color';
import { canAccess } from '../../../../domain/permissions';
import type { Db, Executor } from '../../../../db/client';
import { listRevisions as listed, liveExists, readRevision as kept, readVersions } from '../../../versions/store';
import { discardVersion, publishVersion, saveVersion, type VersionOutcome, type VersionRules } from '../../../versions/versions';
import { ACCOUNT_NAMES, nameOf } from '../../accounts';
import { lockSite, logActivity, markSiteChanged } from '../../sites';
import { designDrafts, designRevisions, siteDesigns } from '../schema/content';

type Stored = Record<string, unknown>;
export type DesignOutcome<T> = VersionOutcome<T, DesignState>;

/** The one row id of a site's design. */
const ID = 'design';

/** Each zod issue by its path under `design` (`design.palette.swatches.bright.hue`), as the 400 answers them. */
export function designErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = ['design', ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A stored design as the document reads it; one stored before a field existed gets its default, one that fails is the default design. */
export function storedDesign(stored: unknown): Design {
  const parsed = designSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_DESIGN;
}

const DESIGN: VersionRules<Stored, DesignState> = {
  tables: { drafts: designDrafts, revisions: designRevisions },
  live: { table: siteDesigns, websiteId: siteDesigns.websiteId, id: siteDesigns.id, content: siteDesigns.design, status: siteDesigns.status },
  async state(tx, _at, draft, live) {
    if (!draft) return { version: 0, design: storedDesign(live), savedAt: null, savedBy: null };
    return { version: draft.version, design: storedDesign(draft.content), savedAt: draft.savedAt.toISOString(), savedBy: await nameOf(tx, draft.savedBy) };
  },
  checkSave: async () => undefined,
  checkPublish: async () => undefined,
  lock: lockSite,
  goLive: async () => false,
  changed: markSiteChanged,
  async record(tx, at, event, detail) {
    await logActivity(tx, at.websiteId, at.accountId, `design.${event}`, detail ?? {});
  },
};

/** Makes the site's design row (the default design) when it has none, so the versions' rules find a live row. */
async function ensureRow(db: Executor, websiteId: string): Promise<void> {
  await db.insert(siteDesigns).values({ websiteId, id: ID, design: DEFAULT_DESIGN, starting: DEFAULT_DESIGN }).onConflictDoNothing();
}

/** What the Design screen opens with. */
export async function designScreen(db: Db, websiteId: string, role: number): Promise<Omit<DesignAnswer, 'preview'>> {
  const row = await readVersions(db, DESIGN, ACCOUNT_NAMES, websiteId, ID, { id: siteDesigns.id });
  const live = storedDesign(row?.live ?? DEFAULT_DESIGN);
  const draft = row?.draft;
  const current = draft ? storedDesign(draft.content) : live;
  const colors = paletteColorsOf(current);
  return {
    palette: PALETTE_COLOR_IDS.map((id) => ({ id, value: rgbToPaletteValue(colors[id], 'hex', colors[id].alpha) })),
    draft: draft
      ? { version: draft.version, design: storedDesign(draft.content), savedAt: draft.savedAt.toISOString(), savedBy: row.savedBy }
      : { version: 0, design: live, savedAt: null, savedBy: null },
    published: { design: live, revision: row?.revision ?? 0, publishedAt: row?.publishedAt ? new Date(row.publishedAt).toISOString() : null },
    unpublishedChanges: draft ? draft.version > draft.publishedVersion : false,
    writable: canAccess(role, 'design', 'write'),
  };
}

export type DesignSaveInput = { websiteId: string; accountId: string; role: number; baseVersion: number; changeId: string; design: unknown };

export async function saveDesignDraft(db: Db, save: DesignSaveInput, restored?: number): Promise<DesignOutcome<{ version: number; savedAt: string }>> {
  const parsed = designSchema.safeParse(save.design);
  await ensureRow(db, save.websiteId);
  return saveVersion(
    db,
    DESIGN,
    { websiteId: save.websiteId, id: ID, accountId: save.accountId },
    {
      baseVersion: save.baseVersion,
      changeId: save.changeId,
      role: save.role,
      content: parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: designErrors(parsed.error) },
      restored,
    },
  );
}

export async function publishDesign(db: Db, websiteId: string, accountId: string, version: number): Promise<DesignOutcome<Published>> {
  await ensureRow(db, websiteId);
  return publishVersion(db, DESIGN, { websiteId, id: ID, accountId }, version);
}

export async function discardDesignDraft(db: Db, websiteId: string, accountId: string): Promise<DesignOutcome<DesignState>> {
  await ensureRow(db, websiteId);
  return discardVersion(db, DESIGN, { websiteId, id: ID, accountId });
}

/** The design's published versions, newest first (the last 50). */
export async function listDesignRevisions(db: Db, websiteId: string): Promise<RevisionList> {
  if (!(await liveExists(db, DESIGN, websiteId, ID))) return { revisions: [], live: null };
  const rows = await listed(db, DESIGN, ACCOUNT_NAMES, websiteId, ID, 50);
  return {
    revisions: rows.map((r) => ({ revision: r.revision, publishedAt: r.publishedAt.toISOString(), publishedBy: r.publishedBy })),
    live: rows[0]?.revision ?? null,
  };
}

type Restore = Omit<DesignSaveInput, 'design' | 'changeId'>;

/** Saves `design` as the draft's next version and answers the draft as it then is. */
async function saveAs(db: Db, input: Restore, design: Stored, restored?: number): Promise<DesignOutcome<DesignState>> {
  const saved = await saveDesignDraft(db, { ...input, changeId: `restore-${randomUUID()}`, design }, restored);
  if (!saved.ok) return saved;
  return {
    ok: true,
    value: { version: saved.value.version, design: storedDesign(design), savedAt: saved.value.savedAt, savedBy: await nameOf(db, input.accountId) },
  };
}

/** A published version made the draft again. */
export async function restoreDesignRevision(db: Db, input: Restore & { revision: number }): Promise<DesignOutcome<DesignState>> {
  const row = await kept<Stored>(db, DESIGN, input.websiteId, ID, input.revision);
  if (!row) return { ok: false, refusal: { kind: 'notFound' } };
  return saveAs(db, input, row.content, input.revision);
}

/** "Reset to the template's design": the design the site started with, as the draft. */
export async function resetDesign(db: Db, input: Restore): Promise<DesignOutcome<DesignState>> {
  await ensureRow(db, input.websiteId);
  const [row] = await db
    .select({ starting: siteDesigns.starting })
    .from(siteDesigns)
    .where(and(eq(siteDesigns.websiteId, input.websiteId), eq(siteDesigns.id, ID)));
  return saveAs(db, input, row?.starting ?? DEFAULT_DESIGN);
}

/** The published design, for export. */
export async function publishedDesign(db: Executor, websiteId: string): Promise<Design> {
  const [row] = await db
    .select({ design: siteDesigns.design })
    .from(siteDesigns)
    .where(and(eq(siteDesigns.websiteId, websiteId), eq(siteDesigns.id, ID)));
  return storedDesign(row?.design ?? DEFAULT_DESIGN);
}

/**
 * An import's design: published as it is, and the one "Reset" comes back to; a draft the site had
 * goes with the rest of what the import replaces. Revisions stay: they are the site's history.
 */
export async function importDesign(tx: Executor, websiteId: string, design: Design): Promise<void> {
  await tx
    .insert(siteDesigns)
    .values({ websiteId, id: ID, design, starting: design })
    .onConflictDoUpdate({ target: [siteDesigns.websiteId, siteDesigns.id], set: { design: sql`excluded.design`, starting: sql`excluded.starting` } });
  await tx.delete(designDrafts).where(and(eq(designDrafts.websiteId, websiteId), eq(designDrafts.parentId, ID)));
}
