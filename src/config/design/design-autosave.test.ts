// @vitest-environment happy-dom
/**
 * The design's autosave: a burst of changes is one save, based on the version the server last
 * answered and carrying an id a retry reuses; someone else's save first is a conflict that holds
 * every save until the owner chooses; a refusal carries each field's message by its path and the
 * next change is tried again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN, type Design } from '../../document/design';
import { createDesignAutosave, type DesignSaveStatus } from './design-autosave';

type Sent = { baseVersion: number; changeId: string; design: Design };

/** The server's PUT …/design/draft: each answer in turn (a status and a body), every request kept. */
function fakeServer(answers: readonly { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)) as Sent);
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const saved = (version: number) => ({ status: 200, body: { version, savedAt: new Date().toISOString() } });
const withSpacing = (sectionPaddingPx: number): Design => ({ ...DEFAULT_DESIGN, spacing: { ...DEFAULT_DESIGN.spacing, sectionPaddingPx } });

afterEach(() => vi.restoreAllMocks());

describe('the design’s autosave', () => {
  it('saves a burst of changes once, based on the version the server last answered', async () => {
    const sent = fakeServer([saved(4), saved(5)]);
    const statuses: DesignSaveStatus['state'][] = [];
    const saver = createDesignAutosave({ version: 3, onStatus: (s) => statuses.push(s.state), delay: 60_000 });
    saver.changed(withSpacing(40));
    saver.changed(withSpacing(48));
    expect(await saver.flush()).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ baseVersion: 3, design: withSpacing(48) });
    expect(sent[0]!.changeId).toMatch(/^[0-9a-f]{32}$/);
    saver.changed(withSpacing(60));
    expect(await saver.flush()).toBe(true);
    expect(sent[1]).toMatchObject({ baseVersion: 4, design: withSpacing(60) });
    expect(sent[1]!.changeId).not.toBe(sent[0]!.changeId);
    expect(saver.version()).toBe(5);
    expect(statuses).toEqual(['unsaved', 'saving', 'saved', 'unsaved', 'saving', 'saved']);
    saver.stop();
  });

  it('sends a retry after a lost answer with the same change id', async () => {
    const sent = fakeServer([{ status: 503, body: {} }, saved(2)]);
    const statuses: DesignSaveStatus['state'][] = [];
    const saver = createDesignAutosave({ version: 1, onStatus: (s) => statuses.push(s.state), delay: 60_000 });
    saver.changed(withSpacing(40));
    expect(await saver.flush()).toBe(false);
    expect(statuses.at(-1)).toBe('offline');
    expect(await saver.flush()).toBe(true);
    expect(sent.map((s) => s.changeId)).toEqual([sent[0]!.changeId, sent[0]!.changeId]);
    saver.stop();
  });

  it('holds every save on a conflict until the owner keeps theirs, then saves it over the other version', async () => {
    const current = { version: 7, design: DEFAULT_DESIGN, savedAt: new Date().toISOString(), savedBy: 'Ada' };
    const sent = fakeServer([{ status: 409, body: { error: 'Someone else saved the design.', conflict: true, current } }, saved(8)]);
    let status: DesignSaveStatus = { state: 'saved' };
    const saver = createDesignAutosave({ version: 2, onStatus: (s) => (status = s), delay: 60_000 });
    saver.changed(withSpacing(40));
    expect(await saver.flush()).toBe(false);
    expect(status).toEqual({ state: 'conflict', current });
    saver.changed(withSpacing(44));
    expect(await saver.flush()).toBe(false);
    expect(sent).toHaveLength(1);
    saver.keepMine(current, withSpacing(44));
    expect(await saver.flush()).toBe(true);
    expect(sent[1]).toMatchObject({ baseVersion: 7, design: withSpacing(44) });
    saver.stop();
  });

  it('says which fields the server refused, and tries again after the next change', async () => {
    const errors = { 'design.spacing.sectionPaddingPx': 'Too big: expected number to be <=160' };
    const sent = fakeServer([{ status: 400, body: { error: 'Some design settings are not valid.', errors } }, saved(3)]);
    let status: DesignSaveStatus = { state: 'saved' };
    const saver = createDesignAutosave({ version: 2, onStatus: (s) => (status = s), delay: 60_000 });
    saver.changed(withSpacing(400));
    expect(await saver.flush()).toBe(false);
    expect(status).toEqual({ state: 'refused', message: 'Some design settings are not valid.', errors });
    saver.changed(withSpacing(160));
    expect(await saver.flush()).toBe(true);
    expect(sent.map((s) => s.baseVersion)).toEqual([2, 2]);
    saver.stop();
  });

  it('starts again from the version the server answers after a discard, a restore or a reset', async () => {
    const sent = fakeServer([saved(10)]);
    const saver = createDesignAutosave({ version: 2, onStatus: () => {}, delay: 60_000 });
    saver.changed(withSpacing(40));
    saver.settle(9);
    expect(await saver.flush()).toBe(true);
    expect(sent).toHaveLength(0);
    saver.changed(withSpacing(50));
    await saver.flush();
    expect(sent[0]).toMatchObject({ baseVersion: 9 });
    saver.stop();
  });
});
