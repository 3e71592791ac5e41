/**
 * A section in the editor's panel: its background (the palette's section colours) and height, the
 * section's own actions (duplicate, copy, paste, back to the automatic phone layout), and its layers:
 * the blocks from front to back, each selectable. And the choice of layouts a new section starts from.
 */
import { readingOrder } from '../../blocks/layout-css';
import { SECTION_LAYOUTS, type SectionLayoutKey } from '../../blocks/section-layouts';
import { SECTION_HEIGHTS, SECTION_THEMES, type SectionHeight, type SectionTheme } from '../../document/layout';
import { editing } from '../../messages/editing';
import { format } from '../../messages/format';
import { Popup } from '../../ui/dialogs/popup';
import { LayoutPreview } from '../shared/layout-preview';
import { phoneEdited, placements } from './grid';
import { useEditor, type EditorStore } from './store';
import { kindLabel, type EditorBlock } from './document';

const THEME_LABELS: Record<SectionTheme, string> = { white: 'White', light: 'Light', dark: 'Dark', accent: 'Accent' };
const HEIGHT_LABELS: Record<SectionHeight, string> = { small: 'Small', medium: 'Medium', large: 'Large', screen: 'Fill the screen' };

/** The section's blocks from front to back on `device`: higher stacking first, then the later in reading order (drawn over the earlier). */
function layers(blocks: readonly EditorBlock[], device: 'desktop' | 'phone') {
  const at = placements(blocks, device);
  const order = readingOrder(blocks);
  return order.map((block, index) => ({ block, place: at.get(block.id)!, index })).sort((a, b) => (b.place.z ?? 0) - (a.place.z ?? 0) || b.index - a.index);
}

export function SectionPanel({ store, sectionId, writable, canPaste }: { store: EditorStore; sectionId: string; writable: boolean; canPaste: boolean }) {
  const sections = useEditor(store, (s) => s.doc.sections);
  const device = useEditor(store, (s) => s.device);
  const index = sections.findIndex((s) => s.id === sectionId);
  const section = sections[index];
  if (!section) return null;
  const id = `section-${section.id}`;
  return (
    <aside className="editor-panel" aria-label={`Section ${index + 1} settings`}>
      <h2>Section {index + 1}</h2>
      <fieldset className="editor-group">
        <legend>Look</legend>
        <label htmlFor={`${id}-theme`}>Background</label>
        <select
          id={`${id}-theme`}
          value={section.theme}
          disabled={!writable}
          onChange={(e) => store.setSectionTheme(section.id, e.target.value as SectionTheme)}
        >
          {SECTION_THEMES.map((t) => (
            <option key={t} value={t}>
              {THEME_LABELS[t]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-height`}>{editing.sectionHeight}</label>
        <select
          id={`${id}-height`}
          value={section.height ?? ''}
          disabled={!writable}
          onChange={(e) => store.setSectionHeight(section.id, (e.target.value || undefined) as SectionHeight | undefined)}
        >
          <option value="">As tall as its blocks</option>
          {SECTION_HEIGHTS.map((h) => (
            <option key={h} value={h}>
              {HEIGHT_LABELS[h]}
            </option>
          ))}
        </select>
      </fieldset>
      {writable ? (
        <div className="editor-section-actions" role="group" aria-label="Section actions">
          <button type="button" className="secondary" onClick={() => store.duplicateSection(section.id)}>
            Duplicate section
          </button>
          <button type="button" className="secondary" onClick={() => store.copySection(section.id)}>
            Copy section
          </button>
          <button type="button" className="secondary" disabled={!canPaste} onClick={() => store.paste()}>
            Paste
          </button>
          {device === 'phone' && phoneEdited(section.blocks) ? (
            <button type="button" className="secondary" onClick={() => store.resetPhoneSection(section.id)}>
              {editing.resetPhoneSection}
            </button>
          ) : null}
        </div>
      ) : null}
      <h3 id={`${id}-layers`}>{format(editing.layersTitle, { section: index + 1 })}</h3>
      <p className="hint">{editing.layersHint}</p>
      {section.blocks.length === 0 ? (
        <p className="hint">This section has no blocks yet.</p>
      ) : (
        <ol className="editor-layers" aria-labelledby={`${id}-layers`}>
          {layers(section.blocks, device).map(({ block, place }) => (
            <li key={block.id}>
              <button type="button" className="editor-layer-item" onClick={() => store.select(block.id, { announce: true })}>
                {format(editing.blockLabel, { kind: kindLabel(block.type), column: place.x + 1, row: place.y + 1 })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

/** The layouts a new section can start from, and a blank one, each drawn beside its name. */
export function AddSectionDialog({ onPick, onDone }: { onPick: (layout: SectionLayoutKey | 'blank') => void; onDone: () => void }) {
  return (
    <Popup
      title={editing.addSectionTitle}
      text={editing.addSectionHint}
      role="dialog"
      placement="center"
      onHide={onDone}
      actions={(close) => (
        <div className="editor-layouts">
          <ul className="editor-layout-list">
            {[{ key: 'blank' as const, label: editing.blankSection, description: editing.blankSectionHint }, ...SECTION_LAYOUTS].map((l) => (
              <li key={l.key}>
                <button
                  type="button"
                  className="editor-layout-item"
                  onClick={() => {
                    onPick(l.key);
                    close('confirm');
                  }}
                >
                  <LayoutPreview layout={l.key} />
                  <strong>{l.label}</strong>
                  <span>{l.description}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <button type="button" className="op-popup__button" onClick={() => close('cancel')}>
              Cancel
            </button>
          </div>
        </div>
      )}
    />
  );
}
