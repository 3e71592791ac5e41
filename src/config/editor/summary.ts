/** What publishing will change, for the confirmation: blocks added, changed and removed, sections added or removed, and moves. */
import { format } from '../../messages/format';
import { editing } from '../../messages/editing';
import type { EditorSection } from './document';

export type ChangeSummary = { nothing: boolean; added: number; changed: number; removed: number; sections: number; moved: number; text: string };

export function changeSummary(published: readonly EditorSection[], draft: readonly EditorSection[]): ChangeSummary {
  const before = new Map(published.flatMap((s) => s.blocks.map((b) => [b.id, { block: b, section: s.id }] as const)));
  const after = new Map(draft.flatMap((s) => s.blocks.map((b) => [b.id, { block: b, section: s.id }] as const)));
  let added = 0;
  let changed = 0;
  let moved = 0;
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was) added++;
    else if (JSON.stringify(was.block.data) !== JSON.stringify(now.block.data) || was.block.type !== now.block.type) changed++;
    else if (was.section !== now.section || JSON.stringify(was.block.layout) !== JSON.stringify(now.block.layout)) moved++;
  }
  const removed = [...before.keys()].filter((id) => !after.has(id)).length;
  const beforeSections = new Set(published.map((s) => s.id));
  const afterSections = new Set(draft.map((s) => s.id));
  const sections = [...afterSections].filter((id) => !beforeSections.has(id)).length + [...beforeSections].filter((id) => !afterSections.has(id)).length;
  const looksOrOrder = JSON.stringify(published.map((s) => [s.id, s.theme, s.height])) !== JSON.stringify(draft.map((s) => [s.id, s.theme, s.height]));
  const nothing = added + changed + removed + sections + moved === 0 && !looksOrOrder;
  const counts = format(editing.publishSummary, { added, changed, removed, sections }).trim();
  const text = [counts, moved > 0 ? editing.publishSummaryLayout : '', looksOrOrder && sections === 0 ? editing.publishSummarySections : '']
    .filter(Boolean)
    .join(' ');
  return { nothing, added, changed, removed, sections, moved, text };
}
