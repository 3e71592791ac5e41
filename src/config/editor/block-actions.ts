/**
 * The editor's actions on blocks: insert, place (move or resize, by mouse or keyboard), delete,
 * duplicate, their data, their layers, the phone layout's reset and copying. Each document change
 * is one labelled step (./state.ts).
 */
import { produce, type Draft } from 'immer';
import { copyBlock } from '../../blocks/copies';
import { blockDefinition } from '../../blocks/definitions';
import { GRID_COLUMNS, MAX_BLOCKS_PER_SECTION, type BlockData, type Placement } from '../../document/layout';
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import { findBlock, kindLabel, newId, type EditorBlock } from './document';
import { draftBlock, draftPlacement, fixPhoneLayout, othersOnPhone, writePhoneMoves } from './draft-layout';
import {
  clampBox,
  forwardLevel,
  overlaps,
  pageOrder,
  phoneEdited,
  placementOf,
  placeNew,
  sendBackLevels,
  stackOnPhone,
  stepOnPhone,
  type Box,
  type Device,
} from './grid';
import type { ChangeOptions, StoreCore } from './state';

export function blockActions(core: StoreCore) {
  const actions = {
    /** A new block of `type` in the section, at `at` (a cell) or the first free place; refused past the section's limit. */
    insertBlock(sectionId: string, type: number, at?: { x: number; y: number }, data?: BlockData): string | undefined {
      const def = blockDefinition(type);
      const section = core.state.doc.sections.find((s) => s.id === sectionId);
      if (!def || !section) return undefined;
      if (section.blocks.length >= MAX_BLOCKS_PER_SECTION) {
        core.refuse(format(editing.sectionLimit, { max: MAX_BLOCKS_PER_SECTION }));
        return undefined;
      }
      const id = newId();
      const device = core.state.device;
      // Placed on the phone, a block also gets the first free place on desktop; placed on desktop, it
      // joins a phone layout the owner edited at its end (an automatic one places it by itself).
      const box = placeNew(section.blocks, def.size, device === 'desktop' ? at : undefined);
      const free =
        device === 'phone' || phoneEdited(section.blocks)
          ? placeNew(section.blocks, { w: GRID_COLUMNS.phone, h: def.size.h }, device === 'phone' ? at : undefined, 'phone')
          : undefined;
      // Dropped on a phone cell another block holds: the blocks it covers move down.
      const stacked = free && device === 'phone' && at ? stackOnPhone(free, othersOnPhone(section.blocks), true) : undefined;
      const phone = stacked?.placed ?? free;
      const shown = device === 'phone' ? phone! : box;
      const ids = Object.fromEntries((def.ids ?? []).map((key) => [key, newId()]));
      const given = { ...def.defaults, ...data, ...ids };
      // The schema's own defaults filled in (an image's centred focal point …), as a stored block holds them.
      const filled = def.data.safeParse(given);
      const blockData = structuredClone(filled.success ? filled.data : given) as BlockData;
      core.change(
        format(editing.stepAdd, { kind: def.label }),
        (doc) => {
          const target = doc.sections.find((s) => s.id === sectionId)!;
          if (phone) fixPhoneLayout(target);
          if (stacked) writePhoneMoves(target, stacked.moved);
          target.blocks.push({ id, type, data: blockData, layout: { desktop: box, ...(phone ? { phone } : {}) } });
        },
        { announce: format(editing.inserted, { kind: def.label, column: shown.x + 1, row: shown.y + 1 }), select: id },
      );
      return id;
    },
    /**
     * Places a block at `box` (a move or a resize, by mouse or keyboard), into `sectionId` when it
     * changes section. On the phone the stacked flow is kept (./grid.ts `stackOnPhone`): the blocks
     * it would cover move down, and a drop inside a block settles above or below it; `step` (an
     * arrow key up or down) moves it past the block in the way (`stepOnPhone`).
     */
    placeBlock(id: string, box: Box, opts: { sectionId?: string; kind?: 'move' | 'resize'; step?: -1 | 1 } = {}) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const device = core.state.device;
      const columns = GRID_COLUMNS[device];
      // A resize keeps the block's left edge where it is: it grows to the grid's edge and no further.
      const next = opts.kind === 'resize' ? clampBox({ ...box, w: Math.min(box.w, columns - box.x) }, columns) : clampBox(box, columns);
      const target = opts.sectionId ?? found.section.id;
      const moving = target !== found.section.id;
      if (moving && (core.state.doc.sections.find((s) => s.id === target)?.blocks.length ?? 0) >= MAX_BLOCKS_PER_SECTION) {
        core.refuse(format(editing.sectionLimit, { max: MAX_BLOCKS_PER_SECTION }));
        return;
      }
      const kind = kindLabel(found.block.type);
      const resize = opts.kind === 'resize';
      let phoneMoves: Map<string, Placement> | undefined;
      let placed: Placement = next;
      if (device === 'phone') {
        const into = moving ? core.state.doc.sections.find((s) => s.id === target)!.blocks : found.section.blocks;
        const others = othersOnPhone(into, id);
        const current = moving ? undefined : placementOf(found.block, found.section.blocks, 'phone');
        const level = current?.z ? { z: current.z } : {};
        const stacked =
          opts.step && current && next.x === current.x && next.w === current.w && next.h === current.h
            ? stepOnPhone(current, others, opts.step)
            : stackOnPhone({ ...next, ...level }, others, !resize);
        placed = stacked.placed;
        phoneMoves = stacked.moved;
      }
      const shown = { x: placed.x, y: placed.y, w: placed.w, h: placed.h };
      core.change(
        resize ? format(editing.stepResize, { kind }) : format(editing.stepMove, { kind }),
        (doc) => {
          const { section, index, block } = draftBlock(doc, id);
          if (!moving) {
            Object.assign(draftPlacement(section, block, device), shown);
            if (phoneMoves) writePhoneMoves(section, phoneMoves);
            return;
          }
          // Into another section: placed where it was dropped on this device, and at the first free place on the other.
          const into = doc.sections.find((s) => s.id === target)!;
          const others = into.blocks as EditorBlock[];
          const desktop: Placement = device === 'desktop' ? { ...block.layout.desktop, ...next } : placeNew(others, block.layout.desktop);
          const phone =
            device === 'phone'
              ? shown
              : phoneEdited(others)
                ? placeNew(others, { w: GRID_COLUMNS.phone, h: block.layout.desktop.h }, undefined, 'phone')
                : undefined;
          if (phone) fixPhoneLayout(into);
          if (phoneMoves) writePhoneMoves(into, phoneMoves);
          section.blocks.splice(index, 1);
          into.blocks.push({ ...block, layout: { desktop, ...(phone ? { phone } : {}) } });
        },
        {
          announce: resize
            ? format(editing.resized, { kind, width: shown.w, height: shown.h })
            : format(editing.moved, { kind, column: shown.x + 1, row: shown.y + 1 }),
        },
      );
      core.warnOfOverlaps(id);
    },
    /** Moves the block `dx` columns and `dy` rows (arrow keys). */
    nudge(id: string, dx: number, dy: number) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const d = placementOf(found.block, found.section.blocks, core.state.device);
      const step = dx === 0 && (dy === 1 || dy === -1) ? { step: dy as -1 | 1 } : {};
      actions.placeBlock(id, { ...d, x: d.x + dx, y: d.y + dy }, { kind: 'move', ...step });
    },
    /** Grows or shrinks the block by `dw` columns and `dh` rows (Shift+arrow keys). */
    stretch(id: string, dw: number, dh: number) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const d = placementOf(found.block, found.section.blocks, core.state.device);
      actions.placeBlock(id, { ...d, w: d.w + dw, h: d.h + dh }, { kind: 'resize' });
    },
    deleteBlock(id: string) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const kind = kindLabel(found.block.type);
      // The selection moves to the next block in reading order, so the keyboard carries on from there.
      const order = pageOrder(core.state.doc.sections);
      const at = order.findIndex((o) => o.block.id === id);
      const next = order[at + 1]?.block.id ?? order[at - 1]?.block.id;
      core.change(
        format(editing.stepDelete, { kind }),
        (doc) => {
          const { section, index } = draftBlock(doc, id);
          section.blocks.splice(index, 1);
        },
        { announce: format(editing.deleted, { kind }), select: next ?? null },
      );
    },
    duplicateBlock(id: string): string | undefined {
      const found = findBlock(core.state.doc, id);
      if (!found) return undefined;
      const refusal = core.copyRefusal?.(found.block);
      if (refusal) {
        core.refuse(refusal);
        return undefined;
      }
      if (found.section.blocks.length >= MAX_BLOCKS_PER_SECTION) {
        core.refuse(format(editing.sectionLimit, { max: MAX_BLOCKS_PER_SECTION }));
        return undefined;
      }
      const copy = newId();
      const blocks = found.section.blocks;
      // Right below the original when that is free, else the first free place: on each layout the section has.
      const besideOriginal = (device: Device): Placement => {
        const d = placementOf(found.block, blocks, device);
        const below = { x: d.x, y: d.y + d.h, w: d.w, h: d.h };
        const taken = blocks.map((b) => placementOf(b, blocks, device));
        const box = taken.some((p) => overlaps(p, below)) ? placeNew(blocks, { w: d.w, h: d.h }, undefined, device) : below;
        return { ...box, ...(d.z ? { z: d.z } : {}) };
      };
      const desktop = besideOriginal('desktop');
      const phone = core.state.device === 'phone' || phoneEdited(blocks) ? besideOriginal('phone') : undefined;
      const shown = core.state.device === 'phone' ? phone! : desktop;
      const kind = kindLabel(found.block.type);
      const { data } = copyBlock(found.block, newId);
      core.change(
        format(editing.stepDuplicate, { kind }),
        (doc) => {
          const { section, block } = draftBlock(doc, id);
          if (phone) fixPhoneLayout(section);
          section.blocks.push({ id: copy, type: block.type, data, layout: { desktop, ...(phone ? { phone } : {}) } });
        },
        { announce: format(editing.duplicated, { kind, column: shown.x + 1, row: shown.y + 1 }), select: copy },
      );
      return copy;
    },
    /**
     * Takes the data the server completed while saving a block (a video's embed and poster) in place,
     * with no step and no new revision, provided the block still holds the data that was sent.
     */
    completeBlockData(id: string, sent: BlockData, data: BlockData) {
      const found = findBlock(core.state.doc, id);
      if (!found || found.block.data !== sent) return;
      core.set({
        doc: produce(core.state.doc, (doc) => {
          draftBlock(doc, id).block.data = data as Draft<BlockData>;
        }),
      });
    },
    /** Replaces a block's data (a field in the panel, its text typed in place): one step per burst under `merge`. */
    setBlockData(id: string, data: BlockData, options: ChangeOptions = {}) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      core.change(
        format(editing.stepEdit, { kind: kindLabel(found.block.type) }),
        (doc) => {
          draftBlock(doc, id).block.data = data as Draft<BlockData>;
        },
        { merge: options.merge ?? `data:${id}`, ...(options.now !== undefined ? { now: options.now } : {}) },
      );
    },
    bringForward(id: string) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const device = core.state.device;
      const level = forwardLevel(found.block, found.section.blocks, device);
      const kind = kindLabel(found.block.type);
      core.change(
        format(editing.stepForward, { kind }),
        (doc) => {
          const { section, block } = draftBlock(doc, id);
          draftPlacement(section, block, device).z = level;
        },
        { announce: format(editing.broughtForward, { kind }) },
      );
    },
    sendBack(id: string) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const device = core.state.device;
      const levels = sendBackLevels(found.block, found.section.blocks, device);
      const kind = kindLabel(found.block.type);
      core.change(
        format(editing.stepBack, { kind }),
        (doc) => {
          const section = draftBlock(doc, id).section;
          for (const b of section.blocks) {
            const level = levels.get(b.id);
            if (level === undefined) continue;
            const at = draftPlacement(section, b, device);
            if (level === 0) delete at.z;
            else at.z = level;
          }
        },
        { announce: format(editing.sentBack, { kind }) },
      );
    },
    /** The block back on the automatic phone layout: stacked in reading order among the section's automatic blocks. */
    resetPhoneBlock(id: string) {
      const found = findBlock(core.state.doc, id);
      if (!found?.block.layout.phone) return;
      const kind = kindLabel(found.block.type);
      core.change(
        format(editing.stepResetPhone, { kind }),
        (doc) => {
          delete draftBlock(doc, id).block.layout.phone;
        },
        { announce: format(editing.phoneReset, { kind }) },
      );
    },
    copyBlock(id: string) {
      const found = findBlock(core.state.doc, id);
      if (!found) return;
      const refusal = core.copyRefusal?.(found.block);
      if (refusal) return core.refuse(refusal);
      core.clipboard.write({ kind: 'block', block: structuredClone(found.block) });
      core.set(core.announce(format(editing.copied, { kind: kindLabel(found.block.type) })));
    },
  };
  return actions;
}
