/**
 * The design's autosave, as the page editor's (../editor/autosave.ts) does it for a page: the draft
 * is saved 1.5 s after the last change, one save at a time, each carrying the version it was based
 * on and an id of its own that a retry reuses (the server applies a change id once). A save the
 * server refuses because someone else's came first is a conflict, handed to the screen to resolve
 * with the owner, never overwritten silently; a save refused as it stands (400) carries the
 * server's message for each field, by its JSON path (`design.type.desktop.baseSizePx`), and is
 * tried again after the next change; a lost connection retries with backoff, and at once when the
 * browser is back online.
 */
import { designConflict, designSaved, type DesignState } from '../../contracts/design';
import type { Design } from '../../document/design';
import { ApiError, call, refusalOf } from '../shared/api';

export const SAVE_DELAY_MS = 1500;
const RETRY_MS = [2_000, 4_000, 8_000, 15_000, 30_000];
const URL = '/api/config/design/draft';

export type DesignSaveStatus =
  | { state: 'saved' }
  | { state: 'unsaved' }
  | { state: 'saving' }
  | { state: 'offline' }
  | { state: 'refused'; message: string; errors: Record<string, string> }
  | { state: 'conflict'; current: DesignState };

type Options = {
  /** The draft's version the screen opened with. */
  version: number;
  onStatus: (status: DesignSaveStatus) => void;
  /** Each save the server took, with the version it is now. */
  onSaved?: (version: number) => void;
  /** Test hook: milliseconds before a save (SAVE_DELAY_MS). */
  delay?: number;
};

/** A change id: 16 random bytes in hex. */
const newChangeId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

export function createDesignAutosave(opts: Options) {
  let version = opts.version;
  /** The design as last changed, and how many changes there have been. */
  let latest: Design | undefined;
  let revision = 0;
  /** The revision the server has. */
  let savedRevision = 0;
  let pending: { revision: number; changeId: string } | undefined;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let stopped = false;
  let held = false;
  let status: DesignSaveStatus = { state: 'saved' };
  const delay = opts.delay ?? SAVE_DELAY_MS;

  const report = (next: DesignSaveStatus) => {
    status = next;
    opts.onStatus(next);
  };

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), ms);
  };

  async function save(): Promise<void> {
    timer = undefined;
    if (stopped || held || inFlight || revision === savedRevision || !latest) return;
    if (!pending || pending.revision !== revision) pending = { revision, changeId: newChangeId() };
    const attempt = pending;
    inFlight = true;
    report({ state: 'saving' });
    try {
      const answer = await call(designSaved, 'PUT', URL, { baseVersion: version, changeId: attempt.changeId, design: latest });
      version = answer.version;
      savedRevision = attempt.revision;
      retries = 0;
      opts.onSaved?.(version);
      if (revision === attempt.revision) {
        pending = undefined;
        report({ state: 'saved' });
      } else {
        report({ state: 'unsaved' });
        schedule(delay);
      }
    } catch (err) {
      const code = err instanceof ApiError ? err.status : 0;
      if (code === 409) {
        const conflict = designConflict.safeParse((err as ApiError).body);
        held = true;
        if (conflict.success) report({ state: 'conflict', current: conflict.data.current });
        else report({ state: 'refused', message: (err as Error).message, errors: {} });
      } else if (code === 0 || code >= 500) {
        report({ state: 'offline' });
        schedule(RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]!);
      } else {
        // Refused as it stands (a value out of its range): tried again after the next change.
        report({ state: 'refused', message: (err as Error).message, errors: refusalOf(err).errors ?? {} });
      }
    } finally {
      inFlight = false;
    }
  }

  const online = () => {
    if (status.state === 'offline') void save();
  };
  window.addEventListener('online', online);

  return {
    status: () => status,
    version: () => version,
    /** The owner changed the design: saved after a pause. */
    changed(design: Design) {
      latest = design;
      revision += 1;
      if (held) return;
      if (status.state !== 'offline') {
        if (status.state !== 'unsaved') report({ state: 'unsaved' });
        schedule(delay);
      }
    },
    /** Saves now what is unsaved (before publishing or restoring); resolves true once the server has it. */
    async flush(): Promise<boolean> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (inFlight) await new Promise((r) => setTimeout(r, 50));
      if (revision !== savedRevision) await save();
      return revision === savedRevision && status.state === 'saved';
    },
    /**
     * The draft is the server's again (after discarding, restoring or resetting, which answer the
     * draft as it now is): nothing is unsaved, and the next save is based on `newVersion`.
     */
    settle(newVersion: number) {
      version = newVersion;
      savedRevision = revision;
      pending = undefined;
      held = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      report({ state: 'saved' });
    },
    /** After a conflict: the owner keeps `mine`, saved over the other version (based on it now). */
    keepMine(current: DesignState, mine: Design) {
      version = current.version;
      pending = undefined;
      held = false;
      latest = mine;
      revision += 1;
      void save();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', online);
    },
  };
}

export type DesignAutosave = ReturnType<typeof createDesignAutosave>;
