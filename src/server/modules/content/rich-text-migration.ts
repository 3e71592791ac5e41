/**
 * Text blocks stored as HTML (`{ html }`) upgraded to structured rich text (`{ text }`), as version
 * 2 of the site document holds them (src/document/load.ts upgrades documents; this upgrades rows).
 * For any table with a `sections` column (pages, collection items, page drafts and revisions): the
 * data migrations list calls it once per table, in the migration's transaction.
 *
 * Rows are read a batch at a time, only those holding a text block with HTML (a JSON path test
 * PostgreSQL answers), after the last key seen, so a large site never sits in memory whole and a
 * row is read once. Stored HTML was sanitised when written; a link in it that a page may not carry
 * (possible only in a row written by hand) is kept as its text, as the sanitiser would have kept it.
 * Running it again finds nothing to change.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { sectionsWithRichText } from '../../../document/rich-text-html';
import { BLOCK_TYPES } from '../../../domain/block-types';
import { isPublishableLink } from '../../../domain/links';
import type { Executor } from '../../../db/types';

/** Rows read and written per statement. */
const BATCH = 200;

/** A block of sections that is a text block still holding HTML (PostgreSQL's lax mode: a section without blocks matches nothing). */
const HOLDS_HTML_TEXT = `$[*].blocks[*] ? (@.type == ${BLOCK_TYPES.HTML} && exists(@.data.html))`;

/** A table holding sections as the site document does, one row per page (or draft, revision, item). */
export type SectionsTable = PgTable & { sections: PgColumn };

function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const key = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  if (key.length === 0) throw new Error(`table ${config.name} has no primary key to read it in batches by`);
  return key;
}

/** Upgrades the text blocks of `table`'s rows; returns how many rows changed. */
export async function convertTextBlocks(tx: Executor, table: SectionsTable): Promise<number> {
  const key = primaryKeyOf(table);
  const keyList = sql.join(
    key.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const sections = sql.identifier(table.sections.name);
  const values = (row: readonly unknown[]): SQL =>
    sql.join(
      row.map((v) => sql`${v}`),
      sql`, `,
    );
  let changed = 0;
  let last: unknown[] | undefined;
  for (;;) {
    const after = last ? sql`AND (${keyList}) > (${values(last)})` : sql``;
    const { rows } = await tx.execute<{ key: unknown[]; sections: unknown }>(
      sql`SELECT json_build_array(${keyList}) AS key, ${sections} AS sections FROM ${table}
          WHERE ${sections} @? ${HOLDS_HTML_TEXT}::jsonpath ${after}
          ORDER BY ${keyList} LIMIT ${BATCH}`,
    );
    for (const row of rows) {
      const upgraded = sectionsWithRichText(row.sections, { keepHref: (href) => isPublishableLink(href, '') });
      if (upgraded === row.sections) continue;
      await tx.execute(sql`UPDATE ${table} SET ${sections} = ${JSON.stringify(upgraded)}::jsonb WHERE (${keyList}) = (${values(row.key)})`);
      changed++;
    }
    if (rows.length < BATCH) return changed;
    last = rows[rows.length - 1]!.key;
  }
}
