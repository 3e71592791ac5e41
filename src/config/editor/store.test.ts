/** The editor's document changes, their history (patches, bursts, limits) and the grid rules they follow. */
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../domain/block-types';
import { MAX_BLOCKS_PER_SECTION } from '../../document/schema';
import { coveredBlocks } from './grid';
import { createEditorStore } from './store';
import { memoryClipboard, type EditorSection } from './document';
import { HISTORY_LIMIT, MERGE_WINDOW_MS } from './state';

const section = (id: string, blocks: EditorSection['blocks'] = []): EditorSection => ({ id, theme: 'white', blocks });
const spacer = (id: string, x: number, y: number, w = 4, h = 2) => ({ id, type: BLOCK_TYPES.SPACER, data: { height: 2 }, layout: { desktop: { x, y, w, h } } });

describe('the editor store', () => {
  it('places a new block at the first free cell with its kind’s size, selects it and announces where', () => {
    const store = createEditorStore([section('s1', [spacer('a'.repeat(24), 0, 0, 24, 2)])]);
    const id = store.insertBlock('s1', BLOCK_TYPES.BUTTON)!;
    const state = store.getState();
    const added = state.doc.sections[0]!.blocks.find((b) => b.id === id)!;
    expect(added.layout.desktop).toMatchObject({ x: 0, y: 2 });
    expect(state.selected).toBe(id);
    expect(state.announcement.text).toBe('Button added at column 1, row 3');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('gives a form placed on the page a form id of its own', () => {
    const store = createEditorStore([section('s1')]);
    const one = store.insertBlock('s1', BLOCK_TYPES.FORM)!;
    const two = store.duplicateBlock(one)!;
    const [a, b] = store.getState().doc.sections[0]!.blocks.map((block) => block.data.formId);
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(b).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
    expect(two).not.toBe(one);
  });

  it('refuses to copy a block its role may not copy, with the reason, and changes nothing', () => {
    const store = createEditorStore([section('s1')], { copyRefusal: (b) => (b.type === BLOCK_TYPES.FORM ? 'No copying forms' : undefined) });
    const form = store.insertBlock('s1', BLOCK_TYPES.FORM)!;
    const before = store.getState().doc;
    expect(store.duplicateBlock(form)).toBeUndefined();
    expect(store.getState().doc).toBe(before);
    expect(store.getState().notice).toBe('No copying forms');
    const button = store.insertBlock('s1', BLOCK_TYPES.BUTTON)!;
    expect(store.duplicateBlock(button)).toMatch(/^[0-9a-f]{24}$/);
  });

  // covers 000-9.41
  it('refuses a 61st block in a section, by insert, duplicate or move, with the limit’s message', () => {
    const full = section(
      's1',
      Array.from({ length: MAX_BLOCKS_PER_SECTION }, (_, i) => spacer(i.toString(16).padStart(24, '0'), 0, i, 1, 1)),
    );
    const other = section('s2', [spacer('f'.repeat(24), 0, 0)]);
    const store = createEditorStore([full, other]);
    expect(store.insertBlock('s1', BLOCK_TYPES.SPACER)).toBeUndefined();
    expect(store.getState().notice).toBe('A section holds at most 60 blocks. Add a section for more.');
    expect(store.duplicateBlock('0'.repeat(24))).toBeUndefined();
    store.placeBlock('f'.repeat(24), { x: 0, y: 70, w: 4, h: 2 }, { sectionId: 's1' });
    expect(store.getState().doc.sections[0]!.blocks).toHaveLength(MAX_BLOCKS_PER_SECTION);
    expect(store.getState().doc.sections[1]!.blocks).toHaveLength(1);
    expect(store.getState().past).toHaveLength(0);
  });

  it('moves and resizes inside the 24 columns, by keyboard steps as by placement', () => {
    const id = 'b'.repeat(24);
    const store = createEditorStore([section('s1', [spacer(id, 20, 0, 4, 2)])]);
    store.nudge(id, 1, 0);
    expect(store.getState().doc.sections[0]!.blocks[0]!.layout.desktop).toMatchObject({ x: 20, y: 0 });
    store.nudge(id, -4, 2);
    expect(store.getState().announcement.text).toBe('Spacer moved to column 17, row 3');
    store.stretch(id, 10, 1);
    expect(store.getState().doc.sections[0]!.blocks[0]!.layout.desktop).toMatchObject({ x: 16, w: 8, h: 3 });
    store.nudge(id, 0, -10);
    expect(store.getState().doc.sections[0]!.blocks[0]!.layout.desktop.y).toBe(0);
  });

  it('undoes and redoes every document change, never the selection, and keeps at least 100 steps', () => {
    const store = createEditorStore([section('s1'), section('s2'), section('s3')]);
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push(store.insertBlock(`s${1 + (i % 3)}`, BLOCK_TYPES.SPACER)!);
    const count = () => store.getState().doc.sections.reduce((n, s) => n + s.blocks.length, 0);
    expect(store.getState().past.length).toBe(Math.min(120, HISTORY_LIMIT));
    store.select(ids[3]);
    expect(store.getState().past.length).toBe(120);
    for (let i = 0; i < 100; i++) store.undo();
    expect(count()).toBe(20);
    for (let i = 0; i < 100; i++) store.redo();
    expect(count()).toBe(120);
    // Steps hold patches, not copies of the page.
    const step = store.getState().past.at(-1)!;
    expect(step.patches.length).toBeGreaterThan(0);
    expect(JSON.stringify(step).length).toBeLessThan(2_000);
  });

  it('makes one step of a burst of typing in one block, and a new one after a pause or in another block', () => {
    const a = 'a'.repeat(24);
    const b = 'b'.repeat(24);
    const store = createEditorStore([section('s1', [spacer(a, 0, 0), spacer(b, 0, 4)])]);
    let t = 1_000;
    for (const height of [3, 4, 5, 6]) store.setBlockData(a, { height }, { now: (t += 200) });
    expect(store.getState().past).toHaveLength(1);
    store.setBlockData(b, { height: 9 }, { now: (t += 200) });
    store.setBlockData(a, { height: 7 }, { now: t + MERGE_WINDOW_MS + 1 });
    expect(store.getState().past).toHaveLength(3);
    store.undo();
    store.undo();
    expect(store.getState().doc.sections[0]!.blocks.map((x) => x.data.height)).toEqual([6, 2]);
    store.undo();
    expect(store.getState().doc.sections[0]!.blocks.map((x) => x.data.height)).toEqual([2, 2]);
  });

  it('changes only the edited block: every other block, and every other section, stays the same object', () => {
    const blocks = Array.from({ length: 60 }, (_, i) => spacer(i.toString(16).padStart(24, '0'), 0, i, 1, 1));
    const store = createEditorStore([section('s1', blocks), section('s2', [spacer('e'.repeat(24), 0, 0)])]);
    const before = store.getState().doc;
    store.setBlockData(blocks[10]!.id, { height: 5 });
    const after = store.getState().doc;
    expect(after.sections[1]).toBe(before.sections[1]);
    after.sections[0]!.blocks.forEach((block, i) =>
      i === 10 ? expect(block).not.toBe(before.sections[0]!.blocks[i]) : expect(block).toBe(before.sections[0]!.blocks[i]),
    );
  });

  it('brings a block above what it overlaps and sends it below, by stacking levels', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(24)) as [string, string, string];
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 6, 4), spacer(b, 2, 1, 6, 4), spacer(c, 20, 0, 2, 2)])]);
    store.bringForward(a);
    const z = () => Object.fromEntries(store.getState().doc.sections[0]!.blocks.map((x) => [x.id, x.layout.desktop.z ?? 0]));
    expect(z()).toEqual({ [a]: 1, [b]: 0, [c]: 0 });
    store.sendBack(a);
    expect(z()).toEqual({ [a]: 0, [b]: 1, [c]: 0 });
  });

  it('moves a block into another section, and deleting selects the next block in reading order', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(24)) as [string, string, string];
    const store = createEditorStore([section('s1', [spacer(a, 0, 0), spacer(b, 0, 3)]), section('s2', [spacer(c, 0, 0)])]);
    store.placeBlock(b, { x: 4, y: 1, w: 4, h: 2 }, { sectionId: 's2' });
    expect(store.getState().doc.sections.map((s) => s.blocks.map((x) => x.id))).toEqual([[a], [c, b]]);
    store.select(a);
    store.deleteBlock(a);
    expect(store.getState().selected).toBe(c);
    store.undo();
    expect(store.getState().doc.sections[0]!.blocks.map((x) => x.id)).toEqual([a]);
  });

  it('edits the phone layout apart from desktop: the first phone edit writes the automatic stacking down and moves only that block', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(24)) as [string, string, string];
    // Reading order on desktop: a (row 0, left), b (row 0, right), c (row 5).
    const store = createEditorStore([section('s1', [spacer(c, 0, 5, 24, 3), spacer(b, 12, 0, 12, 4), spacer(a, 0, 0, 12, 2)])]);
    const desktop = () => Object.fromEntries(store.getState().doc.sections[0]!.blocks.map((x) => [x.id, x.layout.desktop]));
    const phone = () => Object.fromEntries(store.getState().doc.sections[0]!.blocks.map((x) => [x.id, x.layout.phone]));
    const before = desktop();
    store.setDevice('phone');
    store.stretch(b, -2, 0);
    store.nudge(b, 1, 0);
    // Stacked in reading order, each as tall as on desktop and the phone's 8 columns wide; b narrowed and moved one column.
    expect(phone()).toEqual({ [a]: { x: 0, y: 0, w: 8, h: 2 }, [b]: { x: 1, y: 2, w: 6, h: 4 }, [c]: { x: 0, y: 6, w: 8, h: 3 } });
    expect(desktop()).toEqual(before);
    expect(store.getState().announcement.text).toBe('Spacer moved to column 2, row 3');
    store.stretch(c, -4, 0);
    expect(phone()[c]).toEqual({ x: 0, y: 6, w: 4, h: 3 });

    // Reset to automatic: the block, then the whole section.
    store.resetPhoneBlock(b);
    expect(phone()[b]).toBeUndefined();
    expect(store.getState().announcement.text).toBe('Spacer reset to automatic on phones: it follows the desktop order again.');
    store.resetPhoneSection('s1');
    expect(phone()).toEqual({ [a]: undefined, [b]: undefined, [c]: undefined });
    expect(store.getState().past.at(-1)!.label).toBe('Reset section to automatic on phones');
    store.undo();
    expect(phone()[c]).toEqual({ x: 0, y: 6, w: 4, h: 3 });
    expect(desktop()).toEqual(before);
  });

  it('keeps the phone’s stacked flow: a block dropped, moved or grown over others moves them down, in their order, as one step', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(24)) as [string, string, string];
    // On the phone, automatic: a rows 0–1, b rows 2–5, c rows 6–8.
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 24, 2), spacer(b, 0, 2, 24, 4), spacer(c, 0, 6, 24, 3)])]);
    const rows = () => Object.fromEntries(store.getState().doc.sections[0]!.blocks.map((x) => [x.id, [x.layout.phone!.y, x.layout.phone!.h]]));
    const covered = () => coveredBlocks(store.getState().doc.sections[0]!.blocks, 'phone');
    store.setDevice('phone');

    // Dropped on a's upper half: c takes a's place, a and b move down below it.
    store.placeBlock(c, { x: 0, y: 0, w: 8, h: 3 });
    expect(rows()).toEqual({ [c]: [0, 3], [a]: [3, 2], [b]: [5, 4] });
    expect(store.getState().announcement.text).toBe('Spacer moved to column 1, row 1');
    expect(covered().size).toBe(0);
    // One step: undo puts every block back.
    store.undo();
    expect(store.getState().doc.sections[0]!.blocks.every((x) => x.layout.phone === undefined)).toBe(true);

    // Dropped on a's lower half: c goes below a, and b moves down below c.
    store.placeBlock(c, { x: 0, y: 1, w: 8, h: 3 });
    expect(rows()).toEqual({ [a]: [0, 2], [c]: [2, 3], [b]: [5, 4] });
    expect(store.getState().announcement.text).toBe('Spacer moved to column 1, row 3');

    // Grown over the block below: that block moves down.
    store.stretch(a, 0, 1);
    expect(rows()).toEqual({ [a]: [0, 3], [c]: [3, 3], [b]: [6, 4] });
    expect(covered().size).toBe(0);
  });

  it('moves a block past its neighbour on the phone with the arrow keys, one row each way', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(24)) as [string, string, string];
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 24, 2), spacer(b, 0, 2, 24, 4), spacer(c, 0, 6, 24, 3)])]);
    const rows = () => Object.fromEntries(store.getState().doc.sections[0]!.blocks.map((x) => [x.id, [x.layout.phone!.y, x.layout.phone!.h]]));
    store.setDevice('phone');
    // Up: c takes b's place, b goes below it.
    store.nudge(c, 0, -1);
    expect(rows()).toEqual({ [a]: [0, 2], [c]: [2, 3], [b]: [5, 4] });
    expect(store.getState().announcement.text).toBe('Spacer moved to column 1, row 3');
    // Down: a goes past c, which comes up into a's place; b stays.
    store.nudge(a, 0, 1);
    expect(rows()).toEqual({ [c]: [0, 3], [a]: [3, 2], [b]: [5, 4] });
    expect(store.getState().announcement.text).toBe('Spacer moved to column 1, row 4');
    // Down into free rows: one row at a time.
    store.nudge(b, 0, 1);
    expect(rows()[b]).toEqual([6, 4]);
  });

  it('drops a new block on the phone where another sits and moves that one down', () => {
    const a = 'a'.repeat(24);
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 24, 2)])]);
    store.setDevice('phone');
    const id = store.insertBlock('s1', BLOCK_TYPES.SPACER, { x: 0, y: 0 })!;
    const blocks = store.getState().doc.sections[0]!.blocks;
    const added = blocks.find((x) => x.id === id)!.layout.phone!;
    expect(added).toMatchObject({ x: 0, y: 0 });
    expect(blocks.find((x) => x.id === a)!.layout.phone).toEqual({ x: 0, y: added.h, w: 8, h: 2 });
  });

  it('leaves blocks layered on purpose over each other, and names a block another covers by accident', () => {
    const [a, b] = ['a', 'b'].map((ch) => ch.repeat(24)) as [string, string];
    // Moved on desktop over part of a: the editor says so, and names a, beneath it.
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 12, 4), spacer(b, 0, 4, 12, 4)])]);
    const blocks = () => store.getState().doc.sections[0]!.blocks;
    expect(coveredBlocks(blocks(), 'desktop').size).toBe(0);
    store.placeBlock(b, { x: 6, y: 2, w: 12, h: 4 });
    expect(store.getState().announcement.text).toBe(
      'Spacer moved to column 7, row 3. It overlaps Spacer block: move one of them, or choose which shows with Bring forward or Send back.',
    );
    expect(coveredBlocks(blocks(), 'desktop')).toEqual(new Map([[a, [b]]]));
    // Brought forward, the overlap is the owner’s choice.
    store.bringForward(b);
    expect(coveredBlocks(blocks(), 'desktop').size).toBe(0);
    // On the phone, a block brought forward is placed over another without moving it.
    store.setDevice('phone');
    store.bringForward(a);
    store.placeBlock(a, { x: 0, y: 5, w: 8, h: 4 });
    expect(blocks().find((x) => x.id === b)!.layout.phone).toEqual({ x: 0, y: 4, w: 8, h: 4 });
    expect(blocks().find((x) => x.id === a)!.layout.phone).toMatchObject({ y: 5, z: 1 });
    expect(coveredBlocks(blocks(), 'phone').size).toBe(0);
  });

  it('places a new block on the phone at a free place of the phone grid, and on desktop by desktop’s rules', () => {
    const a = 'a'.repeat(24);
    const store = createEditorStore([section('s1', [spacer(a, 0, 0, 24, 2)])]);
    store.setDevice('phone');
    const id = store.insertBlock('s1', BLOCK_TYPES.SPACER)!;
    const added = store.getState().doc.sections[0]!.blocks.find((x) => x.id === id)!;
    expect(added.layout.phone).toMatchObject({ x: 0, y: 2, w: 8 });
    expect(added.layout.desktop).toMatchObject({ x: 0, y: 2 });
    // The block that was there got its automatic phone place written down.
    expect(store.getState().doc.sections[0]!.blocks[0]!.layout.phone).toEqual({ x: 0, y: 0, w: 8, h: 2 });
  });

  it('duplicates, copies and pastes sections and blocks with new ids, between pages, and refuses to copy a form for a role that may not', () => {
    const clipboard = memoryClipboard();
    const [a, b] = ['a', 'b'].map((ch) => ch.repeat(24)) as [string, string];
    const one = createEditorStore([section('s1', [spacer(a, 0, 0)])], { clipboard });
    const formId = one.insertBlock('s1', BLOCK_TYPES.FORM)!;
    const copyId = one.duplicateSection('s1')!;
    const [orig, copy] = one.getState().doc.sections;
    expect(copy!.id).toBe(copyId);
    expect(copy!.blocks.map((x) => x.id)).not.toContain(a);
    expect(copy!.blocks).toHaveLength(2);
    const forms = one.getState().doc.sections.flatMap((s) => s.blocks.filter((x) => x.type === BLOCK_TYPES.FORM).map((x) => x.data.formId));
    expect(new Set(forms).size).toBe(2);
    expect(orig!.blocks.find((x) => x.id === formId)).toBeDefined();

    // Another page of the site: the block copied on the first is pasted with ids of its own.
    const two = createEditorStore([section('t1', [spacer(b, 0, 0, 24, 2)])], { clipboard });
    one.copyBlock(a);
    expect(one.getState().announcement.text).toBe('Spacer copied. Paste it into any page of this site.');
    const pasted = two.paste()!;
    expect(pasted).not.toBe(a);
    expect(two.getState().doc.sections[0]!.blocks.find((x) => x.id === pasted)!.layout.desktop).toMatchObject({ x: 0, y: 2, w: 4, h: 2 });
    expect(two.getState().announcement.text).toBe('Spacer pasted at column 1, row 3');
    one.copySection('s1');
    const sectionId = two.paste()!;
    expect(two.getState().doc.sections.map((s) => s.id)).toEqual(['t1', sectionId]);
    expect(two.getState().doc.sections[1]!.blocks.map((x) => x.id)).not.toContain(a);

    const limited = createEditorStore([section('u1')], { clipboard, copyRefusal: (x) => (x.type === BLOCK_TYPES.FORM ? 'No copying forms' : undefined) });
    const form = limited.insertBlock('u1', BLOCK_TYPES.FORM)!;
    limited.copyBlock(form);
    expect(limited.getState().notice).toBe('No copying forms');
    expect(limited.duplicateSection('u1')).toBeUndefined();
  });

  it('sets a section’s height as one step, and nothing to paste says so', () => {
    const store = createEditorStore([section('s1')], { clipboard: memoryClipboard() });
    store.setSectionHeight('s1', 'large');
    expect(store.getState().doc.sections[0]!.height).toBe('large');
    store.setSectionHeight('s1', undefined);
    expect(store.getState().doc.sections[0]).not.toHaveProperty('height');
    expect(store.getState().past.map((p) => p.label)).toEqual(['Change section height', 'Change section height']);
    expect(store.paste()).toBeUndefined();
    expect(store.getState().notice).toBe('Nothing is copied yet: copy a block or a section first.');
  });
});
