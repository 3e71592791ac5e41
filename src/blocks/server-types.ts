/**
 * What a block kind's server part (`src/blocks/<kind>/server.ts`, listed in ./server-registry.ts)
 * is given and answers. Server only: the browser never imports this, the parts or the registry
 * (.dependency-cruiser.mjs). The draft save hands each part the capabilities it needs (the site's
 * files, the outgoing-connection policy, what the rest of the site holds) as a context, so a block
 * folder reaches no server module's internals; it may use the platform's `src/server/net`.
 */
import type { Readable } from 'node:stream';
import type { StoredSection } from '../document/schema';
import type { OutgoingPolicy } from '../server/net/outgoing';

export type StoredBlock = StoredSection['blocks'][number];

/** A block of the saved content and where it is in the call's body (`sections.0.blocks.2`). */
export type LocatedBlock = { block: StoredBlock; path: string };

/** How a resolve connects out: the guard's policy, a time limit and size cap, and endpoints in place of providers' own (tests' fakes). */
export type ResolveOptions = OutgoingPolicy & {
  timeoutMs?: number;
  maxBytes?: number;
  endpoints?: Partial<Record<string, string>>;
};

/** What a resolve may use for the site and the account saving. */
export type ResolveContext = {
  outgoing: ResolveOptions;
  files: {
    /** The address (`/s/name`) of the site's file `name`, if it has one. */
    find(name: string): Promise<string | undefined>;
    /** Adds a file to the site and answers its address; undefined when the site's rules refuse it. */
    add(file: { fileName: string; declaredType: string; body: Readable }): Promise<string | undefined>;
  };
  /** The site's store, when the save can look in it: whether it has a product of this id (whatever its status). */
  products?: { has(id: string): Promise<boolean> };
};

/** A block as its resolve completed it, with refusals by their path in the body (nothing is saved then). */
export type Resolved = { block: StoredBlock; errors: Record<string, string> };

export type SaveCheckContext = {
  role: number;
  /** Which of `values` other content of the site holds where `path` (a PostgreSQL JSON path over sections, with `$id`) finds it: its published pages and posts, other pages' and posts' drafts. */
  heldElsewhere(path: string, values: string[]): Promise<Set<string>>;
};

/** A save refused: the message, and the same by the path of each block at fault. */
export type SaveRefusal = { error: string; errors: Record<string, string> };

export type BlockServer = {
  /**
   * Completes a block's data when a draft is saved (before any row is locked). `prior` is the block
   * of the same id and kind in the content the save replaces, read only when asked.
   */
  resolve?(block: StoredBlock, at: { path: string; prior: () => Promise<StoredBlock | undefined> }, ctx: ResolveContext): Promise<Resolved>;
  /** Refuses a save: `before` holds the kind's blocks of the content saved over, `after` those of the save. */
  checkSave?(before: StoredBlock[], after: LocatedBlock[], ctx: SaveCheckContext): Promise<SaveRefusal | undefined>;
};
