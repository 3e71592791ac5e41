/**
 * Versioned content's tables: for a table whose rows hold content the config area edits (pages,
 * posts; products later), the pair of tables that keeps its drafts and its published revisions.
 * A module declares its pair beside the table it versions, in its own schema, so the drafts and
 * revisions of a row go when the row goes (a cascading foreign key) and no module reaches into
 * another's tables. The rules that read and write them are ./versions.ts.
 *
 * A draft row exists once the content was first saved; with none, the draft is the live content at
 * version 0. A revision is what one publish made live, numbered from 1 and never changed.
 */
import { foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** One applied draft save, remembered so that a retry of the same change is answered again rather than refused. */
export type AppliedChange = { changeId: string; version: number; savedAt: string };

/** The versioned table as the pair refers to it: the site's tenant key and the row's id. */
type Versioned = { websiteId: AnyPgColumn; id: AnyPgColumn };

export type VersionTablesSpec = {
  /** The tables are `${name}_drafts` and `${name}_revisions`. */
  name: string;
  /** The table whose rows are versioned, keyed `(website_id, id)`. */
  parent: Versioned;
  /** The column naming the versioned row (`page_id`). */
  parentColumn: string;
  /** The column holding the content (`sections`). */
  content: string;
  /** Who saved or published: an account's id, set to null when the account goes. */
  account: () => AnyPgColumn;
};

/** The drafts and revisions tables of `spec.parent`, content typed `T`. */
export function versionTables<T>(spec: VersionTablesSpec) {
  const drafts = pgTable(
    `${spec.name}_drafts`,
    {
      websiteId: text('website_id').notNull(),
      parentId: text(spec.parentColumn).notNull(),
      /** Checked when written, like the live content. */
      content: jsonb(spec.content).$type<T>().notNull(),
      version: integer('version').notNull(),
      /** The draft version last published (or made equal to the published content): the draft has unpublished changes when `version` is past it. */
      publishedVersion: integer('published_version').notNull(),
      savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
      savedBy: text('saved_by').references(spec.account, { onDelete: 'set null' }),
      /** The last applied saves' change ids and the versions they made, newest last (a few dozen at most). */
      recentChanges: jsonb('recent_changes').$type<AppliedChange[]>().notNull().default([]),
    },
    (t) => [
      primaryKey({ columns: [t.websiteId, t.parentId] }),
      foreignKey({ columns: [t.websiteId, t.parentId], foreignColumns: [spec.parent.websiteId, spec.parent.id] }).onDelete('cascade'),
    ],
  );
  const revisions = pgTable(
    `${spec.name}_revisions`,
    {
      websiteId: text('website_id').notNull(),
      parentId: text(spec.parentColumn).notNull(),
      revision: integer('revision').notNull(),
      content: jsonb(spec.content).$type<T>().notNull(),
      publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
      /** Null for content that came by import or from before revisions were kept. */
      publishedBy: text('published_by').references(spec.account, { onDelete: 'set null' }),
    },
    (t) => [
      primaryKey({ columns: [t.websiteId, t.parentId, t.revision] }),
      foreignKey({ columns: [t.websiteId, t.parentId], foreignColumns: [spec.parent.websiteId, spec.parent.id] }).onDelete('cascade'),
    ],
  );
  return { drafts, revisions };
}

export type VersionTables<T> = ReturnType<typeof versionTables<T>>;
