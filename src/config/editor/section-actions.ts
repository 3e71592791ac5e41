/**
 * The editor's actions on sections (add, delete, move, height, colours, the phone layout's reset,
 * duplicate) and pasting what was copied, a block or a section. Each document change is one
 * labelled step (./state.ts).
 */
import type { Draft } from 'immer';
import { copyBlock, copySection } from '../../blocks/copies';
import { GRID_COLUMNS, MAX_BLOCKS_PER_SECTION, type SectionHeight, type SectionTheme } from '../../document/layout';
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import { findBlock, kindLabel, newId, type EditorBlock, type EditorSection } from './document';
import { fixPhoneLayout } from './draft-layout';
import { phoneEdited, placeNew } from './grid';
import type { StoreCore } from './state';

export function sectionActions(core: StoreCore) {
  const actions = {
    addSection(afterIndex: number): string {
      const id = newId();
      core.change(editing.stepAddSection, (doc) => {
        doc.sections.splice(afterIndex + 1, 0, { id, theme: 'white', blocks: [] });
      });
      return id;
    },
    deleteSection(id: string) {
      core.change(
        editing.stepDeleteSection,
        (doc) => {
          const index = doc.sections.findIndex((s) => s.id === id);
          if (index !== -1) doc.sections.splice(index, 1);
        },
        { select: findBlock(core.state.doc, core.state.selected)?.section.id === id ? null : undefined },
      );
      if (core.state.shownSection === id) core.set({ shownSection: undefined });
    },
    moveSection(id: string, by: -1 | 1) {
      core.change(editing.stepMoveSection, (doc) => {
        const index = doc.sections.findIndex((s) => s.id === id);
        const to = index + by;
        if (index === -1 || to < 0 || to >= doc.sections.length) return;
        const [section] = doc.sections.splice(index, 1);
        doc.sections.splice(to, 0, section!);
      });
    },
    /** Every block of the section back on the automatic phone layout: desktop's blocks stacked in reading order. */
    resetPhoneSection(id: string) {
      const section = core.state.doc.sections.find((s) => s.id === id);
      if (!section || !phoneEdited(section.blocks)) return;
      core.change(
        editing.stepResetPhoneSection,
        (doc) => {
          for (const b of doc.sections.find((s) => s.id === id)!.blocks) delete b.layout.phone;
        },
        { announce: editing.phoneSectionReset },
      );
    },
    setSectionHeight(id: string, height: SectionHeight | undefined) {
      core.change(editing.stepSectionHeight, (doc) => {
        const section = doc.sections.find((s) => s.id === id);
        if (!section) return;
        if (height) section.height = height;
        else delete section.height;
      });
    },
    /** A section (a layout's, a pasted one) added after the one at `afterIndex`, as one step named `label`. */
    insertSection(afterIndex: number, section: EditorSection, label: string, announcement?: string): string {
      core.change(
        label,
        (doc) => {
          doc.sections.splice(afterIndex + 1, 0, section as Draft<EditorSection>);
        },
        { ...(announcement ? { announce: announcement } : {}), select: null },
      );
      core.set({ shownSection: section.id });
      return section.id;
    },
    duplicateSection(id: string): string | undefined {
      const index = core.state.doc.sections.findIndex((s) => s.id === id);
      const section = core.state.doc.sections[index];
      if (!section) return undefined;
      const refused = section.blocks.map((b) => core.copyRefusal?.(b)).find(Boolean);
      if (refused) {
        core.refuse(refused);
        return undefined;
      }
      return actions.insertSection(index, copySection(section, newId), editing.stepDuplicateSection, editing.sectionDuplicated);
    },
    setSectionTheme(id: string, theme: SectionTheme) {
      core.change(editing.stepSectionColours, (doc) => {
        const section = doc.sections.find((s) => s.id === id);
        if (section) section.theme = theme;
      });
    },
    copySection(id: string) {
      const section = core.state.doc.sections.find((s) => s.id === id);
      if (!section) return;
      const refused = section.blocks.map((b) => core.copyRefusal?.(b)).find(Boolean);
      if (refused) return core.refuse(refused);
      core.clipboard.write({ kind: 'section', section: structuredClone(section) });
      core.set(core.announce(editing.sectionCopied));
    },
    /**
     * Pastes what was copied, with new ids: a block into the selected block's section (or the section
     * shown, or the last) at its first free place; a section below that section.
     */
    paste(): string | undefined {
      const item = core.clipboard.read();
      if (!item) {
        core.refuse(editing.nothingToPaste);
        return undefined;
      }
      const current = findBlock(core.state.doc, core.state.selected)?.section.id ?? core.state.shownSection ?? core.state.doc.sections.at(-1)?.id;
      const index = core.state.doc.sections.findIndex((s) => s.id === current);
      if (item.kind === 'section')
        return actions.insertSection(
          index === -1 ? core.state.doc.sections.length - 1 : index,
          copySection(item.section, newId),
          editing.stepPasteSection,
          editing.sectionPasted,
        );
      const target = core.state.doc.sections[index] ?? core.state.doc.sections.find((s) => s.id === actions.addSection(-1))!;
      if (target.blocks.length >= MAX_BLOCKS_PER_SECTION) {
        core.refuse(format(editing.sectionLimit, { max: MAX_BLOCKS_PER_SECTION }));
        return undefined;
      }
      const block = copyBlock(item.block, newId);
      const size = { w: block.layout.desktop.w, h: block.layout.desktop.h };
      const desktop = placeNew(target.blocks, size);
      const phone =
        core.state.device === 'phone' || phoneEdited(target.blocks)
          ? placeNew(target.blocks, { w: GRID_COLUMNS.phone, h: size.h }, undefined, 'phone')
          : undefined;
      const shown = core.state.device === 'phone' ? phone! : desktop;
      const kind = kindLabel(block.type);
      core.change(
        format(editing.stepPaste, { kind }),
        (doc) => {
          const into = doc.sections.find((s) => s.id === target.id)!;
          if (phone) fixPhoneLayout(into);
          into.blocks.push({
            ...block,
            layout: { desktop: { ...desktop, ...(block.layout.desktop.z ? { z: block.layout.desktop.z } : {}) }, ...(phone ? { phone } : {}) },
          } as Draft<EditorBlock>);
        },
        { announce: format(editing.pasted, { kind, column: shown.x + 1, row: shown.y + 1 }), select: block.id },
      );
      return block.id;
    },
  };
  return actions;
}
