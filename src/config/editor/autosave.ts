/**
 * Autosave: the draft is saved 1.5 s after the last change, one save at a time (so an owner's own
 * saves never race each other), each carrying the version it was based on and an id of its own
 * that a retry reuses (the server applies a change id once). Until the server has a change, the
 * latest document is kept in the browser (localStorage, per site and page), so a reload or a lost
 * connection loses nothing: a reload finds it and sends it, an offline save retries with backoff
 * and at once when the browser is back online. A save the server refuses because someone else's
 * save came first is a conflict, handed to the editor to resolve with the owner — never
 * overwritten silently.
 */
import { draftConflict, draftSaved, type DraftState } from '../../contracts/editor';
import { call, ApiError } from '../shared/api';
import type { EditorStore } from './store';
import type { EditorSection } from './document';
import { findBlock, newId } from './document';
import { editorApi, type EditorTarget } from './target';

export const SAVE_DELAY_MS = 1500;
const RETRY_MS = [2_000, 4_000, 8_000, 15_000, 30_000];

export type SaveStatus =
  | { state: 'saved'; at?: string }
  | { state: 'unsaved' }
  | { state: 'saving' }
  | { state: 'offline' }
  | { state: 'refused'; message: string }
  | { state: 'conflict'; current: DraftState };

/** What the browser keeps while a change is not on the server yet. */
export type KeptDraft = { baseVersion: number; changeId: string; sections: EditorSection[]; keptAt: number };

/** Where the browser keeps a target's unsent change: pages keep the key they always had. */
export const keptKey = (site: string, target: EditorTarget) => `openpress.editor.draft.${site}.${target.kind === 'page' ? '' : `${target.kind}.`}${target.id}`;

export function readKept(site: string, target: EditorTarget): KeptDraft | undefined {
  try {
    const raw = localStorage.getItem(keptKey(site, target));
    return raw ? (JSON.parse(raw) as KeptDraft) : undefined;
  } catch {
    return undefined;
  }
}

type Options = {
  store: EditorStore;
  site: string;
  target: EditorTarget;
  version: number;
  onStatus: (status: SaveStatus) => void;
  /** Test hook: milliseconds before a save (SAVE_DELAY_MS). */
  delay?: number;
};

export function createAutosave(opts: Options) {
  const { store, site, target } = opts;
  const url = `${editorApi(target)}/draft`;
  let version = opts.version;
  /** The revision of the store the server has; the document is unsaved while the store is past it. */
  let savedRevision = store.getState().revision;
  let pending: { revision: number; changeId: string } | undefined;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let stopped = false;
  let held = false;
  let status: SaveStatus = { state: 'saved' };

  const report = (next: SaveStatus) => {
    status = next;
    opts.onStatus(next);
  };

  const keep = () => {
    const state = store.getState();
    if (!pending || pending.revision !== state.revision) pending = { revision: state.revision, changeId: newId() };
    const kept: KeptDraft = { baseVersion: version, changeId: pending.changeId, sections: state.doc.sections, keptAt: Date.now() };
    try {
      localStorage.setItem(keptKey(site, target), JSON.stringify(kept));
    } catch {
      /* storage full or off: the save itself still goes */
    }
  };
  const forget = () => {
    try {
      localStorage.removeItem(keptKey(site, target));
    } catch {
      /* nothing kept */
    }
  };

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), ms);
  };

  async function save(): Promise<void> {
    timer = undefined;
    if (stopped || held || inFlight) return;
    store.flushPendingWrites();
    const state = store.getState();
    if (state.revision === savedRevision) return;
    keep();
    const attempt = pending!;
    inFlight = true;
    report({ state: 'saving' });
    try {
      const sent = state.doc.sections;
      const answer = await call(draftSaved, 'PUT', url, { baseVersion: version, changeId: attempt.changeId, sections: sent });
      version = answer.version;
      for (const { id, data } of answer.filled ?? []) {
        const block = findBlock({ sections: sent }, id)?.block;
        if (block) store.completeBlockData(id, block.data, data);
      }
      savedRevision = attempt.revision;
      retries = 0;
      if (store.getState().revision === attempt.revision) {
        forget();
        pending = undefined;
        report({ state: 'saved', at: answer.savedAt });
      } else {
        report({ state: 'unsaved' });
        schedule(opts.delay ?? SAVE_DELAY_MS);
      }
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 409) {
        const conflict = draftConflict.safeParse((err as ApiError).body);
        held = true;
        if (conflict.success) report({ state: 'conflict', current: conflict.data.current });
        else report({ state: 'refused', message: (err as Error).message });
      } else if (status === 0 || status >= 500) {
        report({ state: 'offline' });
        schedule(RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]!);
      } else {
        // Refused as it stands (a bad link, a role that may not): kept, and tried again after the next change.
        report({ state: 'refused', message: (err as Error).message });
      }
    } finally {
      inFlight = false;
    }
  }

  let lastRevision = store.getState().revision;
  let keepTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe(() => {
    const revision = store.getState().revision;
    if (revision === lastRevision) return;
    lastRevision = revision;
    if (held) return;
    if (revision === savedRevision) return;
    if (status.state !== 'offline') report({ state: 'unsaved' });
    // Kept in the browser a moment after a change (a burst of typing writes once), and saved after a pause.
    if (!keepTimer) {
      keepTimer = setTimeout(() => {
        keepTimer = undefined;
        if (store.getState().revision !== savedRevision) keep();
      }, 250);
    }
    if (status.state !== 'offline') schedule(opts.delay ?? SAVE_DELAY_MS);
  });
  const online = () => {
    if (status.state === 'offline') void save();
  };
  const leaving = () => {
    store.flushPendingWrites();
    if (store.getState().revision !== savedRevision) keep();
  };
  window.addEventListener('online', online);
  window.addEventListener('pagehide', leaving);

  return {
    status: () => status,
    version: () => version,
    /** Saves now what is unsaved (before publishing); resolves once the server has it. */
    async flush(): Promise<boolean> {
      if (timer) clearTimeout(timer);
      while (inFlight) await new Promise((r) => setTimeout(r, 50));
      if (store.getState().revision !== savedRevision) await save();
      return store.getState().revision === savedRevision;
    },
    /**
     * After a conflict: `mine` saves this document over the other version (based on it now);
     * `theirs` takes the other version and drops the unsaved changes.
     */
    resolve(choice: 'mine' | 'theirs', current: DraftState, mine?: EditorSection[]) {
      version = current.version;
      pending = undefined;
      // Loading a version below is not an edit of the owner's: held while it happens.
      held = true;
      if (choice === 'theirs') {
        store.load(current.sections as EditorSection[]);
        savedRevision = lastRevision = store.getState().revision;
        held = false;
        forget();
        report({ state: 'saved', ...(current.savedAt ? { at: current.savedAt } : {}) });
        return;
      }
      if (mine) store.load(mine);
      lastRevision = store.getState().revision;
      savedRevision = -1;
      held = false;
      void save();
    },
    /** A conflict found without a save (changes kept in the browser from before someone else saved). */
    conflict(current: DraftState) {
      held = true;
      report({ state: 'conflict', current });
    },
    /** Marks the document as the server's (after publishing or discarding, which answer the new version). */
    settle(newVersion: number) {
      version = newVersion;
      savedRevision = store.getState().revision;
      pending = undefined;
      forget();
      report({ state: 'saved' });
    },
    /** Sends the changes a reload found kept in the browser. */
    sendKept() {
      savedRevision = -1;
      void save();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (keepTimer) clearTimeout(keepTimer);
      unsubscribe();
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leaving);
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
