/**
 * What a page's or post's sections must satisfy to be saved or published, and the block kinds'
 * server parts run over them (src/blocks/server-registry.ts): the writing schema, the site's rule
 * that ids are unique across the whole site, each kind's save check, and each kind's resolve at
 * save time. The drafts code knows no block kind: it hands the parts what they need.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { storedBlockSchemas } from '../../../../blocks/sanitize';
import { BLOCK_SERVERS } from '../../../../blocks/server-registry';
import type { LocatedBlock, ResolveContext, SaveRefusal, StoredBlock } from '../../../../blocks/server-types';
import type { DraftSaved } from '../../../../contracts/editor';
import { createSectionSchema, type StoredSection } from '../../../../document/schema';
import type { Executor } from '../../../../db/client';
import { editor } from '../../../../messages/editor';
import { format } from '../../../../messages/format';
import { collectionItems, collections, pageDrafts, pages, postDrafts } from '../schema/content';

/** Sections as the site document's writing schema takes them: every block's data checked, links checked, owner HTML sanitised. */
const sectionsSchema = z.array(createSectionSchema(storedBlockSchemas));

/** The content being edited, by the ids of its rows: the other one is ''. */
export type Exclude = { page: string; item: string };

/** The body's sections as the writing schema reads them, or each error by its path in the body. */
export function parseSections(sections: unknown): { ok: true; value: StoredSection[] } | { ok: false; errors: Record<string, string> } {
  const parsed = sectionsSchema.safeParse(sections);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = ['sections', ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

type Located = { id: string; path: string };

/** Every section and block id of `sections`, with its path in the call's body. */
function idsOf(sections: StoredSection[]): Located[] {
  return sections.flatMap((s, si) => [
    { id: s.id, path: `sections.${si}.id` },
    ...s.blocks.map((b, bi) => ({ id: b.id, path: `sections.${si}.blocks.${bi}.id` })),
  ]);
}

/**
 * The site document's rule that ids are unique across the whole site (src/document/content.ts), for
 * one page or post: within its sections and against its own id (`own` names it) here, and against
 * the rest of the site's published content for the ids `known` does not hold (those were checked
 * when they came).
 */
export async function idErrors(
  tx: Executor,
  websiteId: string,
  own: { id: string; name: string; exclude: Exclude },
  sections: StoredSection[],
  known: StoredSection[],
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>([[own.id, own.name]]);
  for (const { id: found, path } of idsOf(sections)) {
    const prior = seen.get(found);
    if (prior !== undefined) errors[path] = format(editor.idRepeated, { id: found, where: prior });
    else seen.set(found, path);
  }
  const old = new Set(idsOf(known).map((l) => l.id));
  const fresh = idsOf(sections).filter((l) => !old.has(l.id) && errors[l.path] === undefined);
  if (fresh.length === 0) return errors;
  const taken = new Set(
    await idsUsedElsewhere(
      tx,
      websiteId,
      own.exclude,
      fresh.map((l) => l.id),
    ),
  );
  for (const { id: found, path } of fresh) if (taken.has(found)) errors[path] = format(editor.idUsedElsewhere, { id: found });
  return errors;
}

/** Which of `ids` another page, a collection or another post of the site already uses (as its own id, or a section's or block's); `exclude` names the row being edited. */
async function idsUsedElsewhere(tx: Executor, websiteId: string, exclude: Exclude, ids: string[]): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT DISTINCT u.id FROM (
      SELECT p.id FROM ${pages} p WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT c.id FROM ${collections} c WHERE c.website_id = ${websiteId}
      UNION ALL SELECT i.id FROM ${collectionItems} i WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT x #>> '{}' FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, '$[*].blocks[*].id') x WHERE p.website_id = ${websiteId} AND p.id <> ${exclude.page}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].id') x WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
      UNION ALL SELECT x #>> '{}' FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, '$[*].blocks[*].id') x WHERE i.website_id = ${websiteId} AND i.id <> ${exclude.item}
    ) u(id)
    WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return rows.map((r) => r.id);
}

/** Which of `values` the site's published content, or another page's or post's draft, holds where `path` finds it (`$id` is each value). */
async function heldElsewhere(tx: Executor, websiteId: string, exclude: Exclude, path: string, values: string[]): Promise<Set<string>> {
  const holds = (column: string) => sql`jsonb_path_exists(${sql.raw(column)}, ${path}::jsonpath, jsonb_build_object('id', f.id))`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT f.id FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) f(id)
     WHERE EXISTS (SELECT 1 FROM ${pages} p WHERE p.website_id = ${websiteId} AND ${holds('p.sections')})
        OR EXISTS (SELECT 1 FROM ${collectionItems} i WHERE i.website_id = ${websiteId} AND ${holds('i.sections')})
        OR EXISTS (SELECT 1 FROM ${pageDrafts} d WHERE d.website_id = ${websiteId} AND d.page_id <> ${exclude.page} AND ${holds('d.sections')})
        OR EXISTS (SELECT 1 FROM ${postDrafts} d WHERE d.website_id = ${websiteId} AND d.item_id <> ${exclude.item} AND ${holds('d.sections')})`);
  return new Set(rows.map((r) => r.id));
}

/** The first refusal of the block kinds' save checks, `after` saved over `before` by a `role`. */
export async function blockRefusal(
  tx: Executor,
  websiteId: string,
  exclude: Exclude,
  role: number,
  before: StoredSection[],
  after: StoredSection[],
): Promise<SaveRefusal | undefined> {
  const ctx = { role, heldElsewhere: (path: string, values: string[]) => heldElsewhere(tx, websiteId, exclude, path, values) };
  for (const [type, server] of BLOCK_SERVERS) {
    if (!server.checkSave) continue;
    const kept = before.flatMap((s) => s.blocks.filter((b) => b.type === type));
    const saved: LocatedBlock[] = after.flatMap((s, si) =>
      s.blocks.flatMap((block, bi) => (block.type === type ? [{ block, path: `sections.${si}.blocks.${bi}` }] : [])),
    );
    const refusal = await server.checkSave(kept, saved, ctx);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * `sections` with each block completed by its kind's resolve, in order; `prior` reads the content
 * the save replaces, once, and only when a resolve asks for a block of it.
 */
export async function resolveBlocks(
  sections: StoredSection[],
  prior: () => Promise<StoredSection[]>,
  ctx: ResolveContext,
): Promise<{ ok: true; value: StoredSection[] } | { ok: false; errors: Record<string, string> }> {
  let replaced: Promise<Map<string, StoredBlock>> | undefined;
  const priorBlock = async (block: StoredBlock) => {
    replaced ??= prior().then((content) => new Map(content.flatMap((s) => s.blocks.map((b) => [b.id, b] as const))));
    const found = (await replaced).get(block.id);
    return found?.type === block.type ? found : undefined;
  };
  const errors: Record<string, string> = {};
  const resolved: StoredSection[] = [];
  for (const [si, section] of sections.entries()) {
    const out: StoredBlock[] = [];
    for (const [bi, block] of section.blocks.entries()) {
      const resolve = BLOCK_SERVERS.get(block.type)?.resolve;
      if (!resolve) {
        out.push(block);
        continue;
      }
      const done = await resolve(block, { path: `sections.${si}.blocks.${bi}`, prior: () => priorBlock(block) }, ctx);
      Object.assign(errors, done.errors);
      out.push(done.block);
    }
    resolved.push({ ...section, blocks: out });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: resolved };
}

/** The blocks whose data the save-time resolves changed, by id, with their data as saved. */
export function filledBlocks(sent: StoredSection[], saved: StoredSection[]): NonNullable<DraftSaved['filled']> {
  const before = new Map(sent.flatMap((section) => section.blocks.map((block) => [block.id, block.data] as const)));
  const changed = (id: string, data: unknown) => before.get(id) !== data && JSON.stringify(before.get(id)) !== JSON.stringify(data);
  return saved.flatMap((section) =>
    section.blocks.filter((block) => changed(block.id, block.data)).map((block) => ({ id: block.id, data: block.data as Record<string, unknown> })),
  );
}
