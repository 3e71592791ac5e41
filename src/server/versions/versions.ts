/**
 * The rules of versioned content, written once for every kind a module declares (./tables.ts): a
 * save is checked against the draft version it was based on and makes the next one; a change id
 * among the draft's recent saves is answered as it was (a retry, not a conflict); publishing makes
 * the draft the live content and its next revision; discarding brings the draft back to the live
 * content. What the content must satisfy, what the site does when something goes live and what
 * the activity log records are the declaring module's (`VersionRules`).
 *
 * Publishing takes the module's lock first (the site row, for content), then the live row, then its
 * draft: the order every writer of the content keeps.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { insertDraft, latestRevision, lockDraft, lockLive, publishRevision, updateDraft, type DraftRow, type VersionedTable } from './store';
import type { AppliedChange } from './tables';

/** Applied saves remembered per draft: more than a browser has in flight or retries after a reconnect. */
const KEPT_CHANGES = 50;

/** Why a call is refused (the route gives each its status: 404, 409, 400, 403); `S` is the draft as a conflict shows it. */
export type VersionRefusal<S> =
  | { kind: 'notFound' }
  | { kind: 'conflict'; current: S }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'forbidden'; error: string; errors: Record<string, string> };

export type VersionOutcome<T, S> = { ok: true; value: T } | { ok: false; refusal: VersionRefusal<S> };

/** Thrown inside a transaction so that a refusal rolls back whatever the call had written. */
class Refused<S> extends Error {
  constructor(readonly refusal: VersionRefusal<S>) {
    super(refusal.kind);
  }
}

async function refusable<T, S>(run: () => Promise<T>): Promise<VersionOutcome<T, S>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusal: err.refusal as VersionRefusal<S> };
    throw err;
  }
}

/** Which row a call is about, and who makes it. */
export type VersionAt = { websiteId: string; id: string; accountId: string };

/** What a module declares for one kind of versioned content. */
export type VersionRules<T, S> = VersionedTable<T> & {
  /** The draft as the editor is answered it (a conflict carries it): `draft` undefined means the live content at version 0. */
  state(tx: Executor, at: VersionAt, draft: DraftRow<T> | undefined, live: T): Promise<S>;
  /** A refusal of `after` saved over `before`, with the rows locked; `role` is the saver's. */
  checkSave(tx: Executor, at: VersionAt & { role: number }, before: T, after: T): Promise<VersionRefusal<S> | undefined>;
  /** A refusal of `content` going live over `live` (what was checked at save may have changed since). */
  checkPublish(tx: Executor, at: VersionAt, content: T, live: T): Promise<VersionRefusal<S> | undefined>;
  /** Taken before the live row, when publishing. */
  lock(tx: Executor, websiteId: string): Promise<void>;
  /** Makes a row whose `status` is not live yet go live with its first publish; answers whether it did. */
  goLive(tx: Executor, at: VersionAt, status: number): Promise<boolean>;
  /** Tells the site its visible content changed, in the same transaction. */
  changed(tx: Executor, websiteId: string): Promise<void>;
  /** Records `event` of the row in the site's activity. */
  record(tx: Executor, at: VersionAt, event: 'published' | 'draft_discarded' | 'revision_restored', detail?: Record<string, unknown>): Promise<void>;
};

export type SaveInput<T, X extends object = object> = {
  baseVersion: number;
  changeId: string;
  role: number;
  /** The content as the module's writing schema read it, or each error by its path. */
  content: { ok: true; value: T } | { ok: false; errors: Record<string, string> };
  /** Recorded in the same transaction when the save is made (a restore names its revision). */
  restored?: number;
  /** Added to the answer of a save made now (not to a retry's, answered as it was). */
  extra?: X;
};

type Saved = { version: number; savedAt: string };

/** Saves the draft as the next version (a stale base is a conflict, then the content's own checks). */
export async function saveVersion<T, S, X extends object = object>(
  db: Db,
  rules: VersionRules<T, S>,
  at: VersionAt,
  save: SaveInput<T, X>,
): Promise<VersionOutcome<Saved & Partial<X>, S>> {
  const { websiteId, id } = at;
  return refusable<Saved & Partial<X>, S>(() =>
    db.transaction(async (tx) => {
      const live = await lockLive(tx, rules, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, rules, websiteId, id);
      const applied = draft?.recentChanges.find((c) => c.changeId === save.changeId);
      if (applied) return { version: applied.version, savedAt: applied.savedAt } as Saved & Partial<X>;
      const current = draft?.version ?? 0;
      if (current !== save.baseVersion) throw new Refused({ kind: 'conflict', current: await rules.state(tx, at, draft, live.content) });
      if (!save.content.ok) throw new Refused({ kind: 'invalid', errors: save.content.errors });
      const content = save.content.value;
      const refusal = await rules.checkSave(tx, { ...at, role: save.role }, draft?.content ?? live.content, content);
      if (refusal) throw new Refused(refusal);
      const version = current + 1;
      const savedAt = new Date();
      const recentChanges: AppliedChange[] = [...(draft?.recentChanges ?? []), { changeId: save.changeId, version, savedAt: savedAt.toISOString() }].slice(
        -KEPT_CHANGES,
      );
      const row = { content, version, savedAt, savedBy: at.accountId, recentChanges };
      if (draft) await updateDraft(tx, rules, websiteId, id, row);
      else await insertDraft(tx, rules, websiteId, id, { publishedVersion: 0, ...row });
      if (save.restored !== undefined) await rules.record(tx, at, 'revision_restored', { revision: save.restored });
      return { version, savedAt: savedAt.toISOString(), ...save.extra } as Saved & Partial<X>;
    }),
  );
}

/**
 * The draft at `version` becomes the live content and its next revision, and the site is told in
 * the same transaction. A draft with nothing unpublished answers its latest revision again, so a
 * retried publish makes none.
 */
export async function publishVersion<T, S>(
  db: Db,
  rules: VersionRules<T, S>,
  at: VersionAt,
  version: number,
): Promise<VersionOutcome<{ revision: number; publishedAt: string }, S>> {
  const { websiteId, id } = at;
  return refusable(() =>
    db.transaction(async (tx) => {
      await rules.lock(tx, websiteId);
      const live = await lockLive(tx, rules, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, rules, websiteId, id);
      if ((draft?.version ?? 0) !== version) throw new Refused({ kind: 'conflict', current: await rules.state(tx, at, draft, live.content) });
      const latest = await latestRevision(tx, rules, websiteId, id);
      // A row not yet live (a new page starts as a draft) goes live with its first publish, changed or not.
      const goesLive = await rules.goLive(tx, at, live.status);
      if (goesLive) await rules.changed(tx, websiteId);
      if (latest && (!draft || draft.version === draft.publishedVersion)) return { revision: latest.revision, publishedAt: latest.publishedAt.toISOString() };
      const content = draft?.content ?? live.content;
      const refusal = await rules.checkPublish(tx, at, content, live.content);
      if (refusal) throw new Refused(refusal);
      const revision = (latest?.revision ?? 0) + 1;
      const publishedAt = new Date();
      await publishRevision(tx, rules, at, content, revision, publishedAt);
      if (draft) await updateDraft(tx, rules, websiteId, id, { publishedVersion: draft.version });
      if (!goesLive) await rules.changed(tx, websiteId);
      await rules.record(tx, at, 'published', { revision });
      return { revision, publishedAt: publishedAt.toISOString() };
    }),
  );
}

/** The draft goes back to the live content as its next version, with nothing unpublished. */
export async function discardVersion<T, S>(db: Db, rules: VersionRules<T, S>, at: VersionAt): Promise<VersionOutcome<S, S>> {
  const { websiteId, id } = at;
  return refusable(() =>
    db.transaction(async (tx) => {
      const live = await lockLive(tx, rules, websiteId, id);
      if (!live) throw new Refused({ kind: 'notFound' });
      const draft = await lockDraft(tx, rules, websiteId, id);
      if (!draft) return rules.state(tx, at, undefined, live.content);
      const version = draft.version + 1;
      const row = await updateDraft(tx, rules, websiteId, id, {
        content: live.content,
        version,
        publishedVersion: version,
        savedAt: new Date(),
        savedBy: at.accountId,
      });
      await rules.record(tx, at, 'draft_discarded');
      return rules.state(tx, at, row, live.content);
    }),
  );
}

/**
 * Every draft of the site that `matches` (a condition on the drafts table), locked, changed in
 * place by `revise` and moved to its next version, so an editor open on it gets a conflict rather
 * than saving the old content back; still with nothing unpublished if it had none. Answers the
 * count `revise` gives (the blocks it changed).
 */
export async function reviseDrafts<T, S>(
  tx: Executor,
  rules: VersionRules<T, S>,
  websiteId: string,
  accountId: string,
  matches: SQL,
  revise: (content: T) => number,
): Promise<number> {
  const { drafts } = rules.tables;
  const { live } = rules;
  const rows = await tx
    .select({ id: drafts.parentId, content: drafts.content, version: drafts.version, publishedVersion: drafts.publishedVersion })
    .from(drafts)
    .innerJoin(live.table, and(eq(live.websiteId, drafts.websiteId), eq(live.id, drafts.parentId)))
    .where(and(eq(drafts.websiteId, websiteId), matches))
    .for('update');
  let revised = 0;
  for (const row of rows) {
    const content = row.content as T;
    revised += revise(content);
    const version = row.version + 1;
    await updateDraft(tx, rules, websiteId, row.id, {
      content,
      version,
      publishedVersion: row.publishedVersion === row.version ? version : row.publishedVersion,
      savedAt: new Date(),
      savedBy: accountId,
    });
  }
  return revised;
}
