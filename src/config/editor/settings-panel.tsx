/** The editor's settings panel: the selected block's properties, or the shown section's. */
import { blockDefinition } from '../../blocks/definitions';
import { groupOf } from '../../blocks/fields';
import type { EditorPage } from '../../contracts/editor';
import { pageUrlMessage } from '../../blocks/link-message';
import type { PublishProblem } from '../../domain/links';
import { BLOCK_TYPES } from '../../domain/block-types';
import { editing } from '../../messages/editing';
import { BlockFields } from '../shared/block-fields';
import { LibraryImageButton, placedImage } from '../shared/file-picker';
import { GalleryPanel } from '../../blocks/gallery/editor-panel';
import { MapPlaceSearch } from '../../blocks/map/editor-panel';
import { SectionPanel } from './section-panel';
import { useEditor, type EditorStore } from './store';
import { findBlock } from './document';

/** The selected block's properties, from its kind's fields, checked as the document's schema checks them. */
export function SettingsPanel({ store, page, writable, canPaste }: { store: EditorStore; page: EditorPage; writable: boolean; canPaste: boolean }) {
  const selected = useEditor(store, (s) => s.selected);
  const block = useEditor(store, (s) => findBlock(s.doc, s.selected)?.block);
  const shownSection = useEditor(store, (s) => (s.doc.sections.some((x) => x.id === s.shownSection) ? s.shownSection : undefined));
  if ((!selected || !block) && shownSection) return <SectionPanel store={store} sectionId={shownSection} writable={writable} canPaste={canPaste} />;
  if (!selected || !block) {
    return (
      <aside className="editor-panel" aria-label="Settings">
        <h2>Page</h2>
        <p className="hint">Select a block on the page to change it, or add one from the list.</p>
      </aside>
    );
  }
  const def = blockDefinition(block.type);
  if (!def) return null;
  const formLocked = block.type === BLOCK_TYPES.FORM && !page.formsWritable;
  const checked = def.data.safeParse(block.data);
  const errors: Record<string, string> = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      // A refused link is said in the seed's words, then what the link rules found (src/document/link.ts gives both).
      const link = (issue as { params?: { link?: string; problem?: PublishProblem } }).params;
      errors[issue.path.join('.')] ??= link?.link !== undefined && link.problem ? pageUrlMessage(link.link, link.problem) : issue.message;
    }
  }
  const groups = def.groups ?? [{ key: '', label: '' }];
  return (
    <aside className="editor-panel" aria-label={`${def.label} settings`}>
      <h2>{def.label}</h2>
      {formLocked ? <p className="hint">{editing.formFieldsReadOnly}</p> : null}
      {block.type === BLOCK_TYPES.IMAGE && writable ? (
        <p className="editor-library-image">
          <LibraryImageButton
            onPick={(image) =>
              store.setBlockData(
                block.id,
                { ...block.data, ...placedImage(image, String(block.data.alt ?? '')) },
                { merge: `library:${block.id}:${image.src}` },
              )
            }
          />
        </p>
      ) : null}
      {block.type === BLOCK_TYPES.MAP && page.canvas.ctx.googleMaps ? (
        <MapPlaceSearch data={block.data} writable={writable} onChange={(next) => store.setBlockData(block.id, next)} />
      ) : null}
      {block.type === BLOCK_TYPES.GALLERY ? (
        <GalleryPanel
          data={block.data}
          files={new Map(page.canvas.ctx.files.map((f) => [f.name, f]))}
          writable={writable}
          onChange={(next) => store.setBlockData(block.id, next)}
          LibraryImageButton={LibraryImageButton}
        />
      ) : null}
      {groups.map((g) => (
        <fieldset key={g.key} className="editor-group">
          {g.label ? <legend>{g.label}</legend> : null}
          <BlockFields
            fields={def.fields}
            value={block.data}
            data={block.data}
            onChange={(next) => store.setBlockData(block.id, next)}
            errors={errors}
            idBase={`block-${block.id}`}
            writable={writable && !formLocked}
            {...(g.key ? { group: g.key } : {})}
          />
        </fieldset>
      ))}
      {Object.keys(errors).some((path) => def.groups && !groupOf(def.fields, path)) ? <p className="form-error">{Object.values(errors).join(' ')}</p> : null}
    </aside>
  );
}
