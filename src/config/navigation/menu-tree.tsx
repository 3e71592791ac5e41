/**
 * A menu's tree on the Navigation screen: its rows, each with its fields and its keyboard moves, and
 * dragging rows onto one another or to the end of a list. What a move does is the screen's
 * (./navigation-screen.tsx) and src/domain/navigation-tree.ts's.
 */
import { useState, type DragEvent } from 'react';
import type { TreeItem, TreePosition } from '../../domain/navigation-tree';
import { format } from '../../messages/format';
import { navigation as m } from '../../messages/navigation';
import { pages as pageMessages } from '../../messages/pages';
import { Field } from '../../ui/field';
import { LinkPicker } from '../shared/link-picker';

export type Menu = 'header' | 'footer';

/** What a menu's rows may do to their tree. */
export type Actions = {
  move: (key: string, step: -1 | 1) => void;
  indent: (key: string) => void;
  outdent: (key: string) => void;
  drop: (key: string, before: TreePosition) => void;
  remove: (key: string) => Promise<void>;
  add: () => void;
  update: (key: string, patch: Partial<Pick<TreeItem, 'title' | 'href' | 'newWindow'>>) => void;
};
/** Errors of a refused save, by item key and field ('title', 'href', 'children'), and by menu. */
export type ItemErrors = Record<string, Record<string, string>>;

export type MenuProps = {
  menu: Menu;
  tree: TreeItem[];
  writable: boolean;
  editing: string | null;
  setEditing: (key: string | null) => void;
  errors: ItemErrors;
  menuError: string | undefined;
  dragging: string | null;
  setDragging: (key: string | null) => void;
  act: Actions;
  note: string | undefined;
};

export function MenuTree(props: MenuProps) {
  const { menu, tree, writable, act, dragging, menuError, note } = props;
  const title = menu === 'header' ? m.headerMenu : m.footerLinks;
  const headingId = `nav-${menu}-heading`;
  const draggedHasChildren = dragging !== null && (tree.find((it) => it.key === dragging)?.children.length ?? 0) > 0;
  return (
    <section className="nav-menu" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {note ? <p className="hint">{note}</p> : null}
      {menuError ? <p className="field-error">{menuError}</p> : null}
      {tree.length === 0 ? <p className="hint">{m.emptyMenu}</p> : null}
      <ol className="nav-tree" aria-labelledby={headingId}>
        {tree.map((item, index) => (
          <li key={item.key} className="nav-tree-item">
            <Row {...props} item={item} at={{ index }} siblings={tree.length} parent={undefined} />
            {item.children.length > 0 || (dragging !== null && dragging !== item.key && !draggedHasChildren) ? (
              <ol className="nav-tree nav-tree-children" aria-label={format(m.under, { parent: item.title })}>
                {item.children.map((child, j) => (
                  <li key={child.key} className="nav-tree-item">
                    <Row {...props} item={child} at={{ index, child: j }} siblings={item.children.length} parent={item} />
                  </li>
                ))}
                {dragging !== null && dragging !== item.key && !draggedHasChildren ? (
                  <DropZone label={format(m.under, { parent: item.title })} onDrop={(key) => act.drop(key, { index, child: item.children.length })} />
                ) : null}
              </ol>
            ) : null}
          </li>
        ))}
        {dragging !== null ? <DropZone label={title} onDrop={(key) => act.drop(key, { index: tree.length })} /> : null}
      </ol>
      {writable ? (
        <button type="button" className="secondary" onClick={act.add}>
          {m.addItem}
        </button>
      ) : null}
    </section>
  );
}

const DRAG_TYPE = 'application/x-openpress-nav';

function dropKey(e: DragEvent): string | undefined {
  return e.dataTransfer.getData(DRAG_TYPE) || undefined;
}

/**
 * What makes an element a drop place: it lights up while an item it `accepts` is dragged over it,
 * and hands the dropped item's key to `onDrop`.
 */
function useDropTarget(accepts: () => boolean, onDrop: (key: string) => void) {
  const [over, setOver] = useState(false);
  const props = {
    onDragOver: (e: DragEvent) => {
      if (!accepts()) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const key = dropKey(e);
      if (key) onDrop(key);
    },
  };
  return { over, props };
}

/** The end of a list, while an item is dragged. */
function DropZone({ label, onDrop }: { label: string; onDrop: (key: string) => void }) {
  const target = useDropTarget(() => true, onDrop);
  return (
    <li className={target.over ? 'nav-drop nav-drop-over' : 'nav-drop'} aria-hidden="true" {...target.props}>
      {label}
    </li>
  );
}

function Row(props: MenuProps & { item: TreeItem; at: TreePosition; siblings: number; parent: TreeItem | undefined }) {
  const { item, at, siblings, parent, writable, editing, setEditing, errors, act, setDragging, dragging } = props;
  const target = useDropTarget(
    () => dragging !== null && dragging !== item.key,
    (key) => {
      if (key !== item.key) act.drop(key, at);
      setDragging(null);
    },
  );
  const mine = errors[item.key];
  const id = `nav-${item.key}`;
  const position = at.child ?? at.index;
  const named = (action: string) => `${action}: ${item.title}`;
  const open = editing === item.key;
  const isFolder = item.children.length > 0;
  return (
    <>
      <div
        className={`nav-tree-row${target.over ? ' nav-drop-over' : ''}${dragging === item.key ? ' nav-dragging' : ''}`}
        draggable={writable && !open}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, item.key);
          e.dataTransfer.effectAllowed = 'move';
          // Changing the page inside dragstart makes the browser drop the drag: show the drop places just after.
          setTimeout(() => setDragging(item.key), 0);
        }}
        onDragEnd={() => setDragging(null)}
        {...target.props}
      >
        {writable ? (
          <span className="nav-tree-handle" aria-hidden="true" title={format(pageMessages.dragHandle, { title: item.title })}>
            ⠿
          </span>
        ) : null}
        <span className="nav-tree-label">
          <strong>{item.title}</strong> <span className="nav-tree-href">{item.href || (isFolder ? m.folder : '')}</span>
          {mine && !open ? <span className="field-error"> {Object.values(mine).join(' ')}</span> : null}
        </span>
        <span className="row-actions">
          <button
            type="button"
            id={`${id}-edit`}
            className="secondary"
            aria-expanded={open}
            aria-label={named(open ? m.done : m.edit)}
            onClick={() => setEditing(open ? null : item.key)}
          >
            {open ? m.done : m.edit}
          </button>
          {writable ? (
            <>
              <button
                type="button"
                id={`${id}-up`}
                className="secondary"
                disabled={position === 0}
                aria-label={named(pageMessages.moveUp)}
                onClick={() => act.move(item.key, -1)}
              >
                {pageMessages.moveUp}
              </button>
              <button
                type="button"
                id={`${id}-down`}
                className="secondary"
                disabled={position === siblings - 1}
                aria-label={named(pageMessages.moveDown)}
                onClick={() => act.move(item.key, 1)}
              >
                {pageMessages.moveDown}
              </button>
              {parent ? (
                <button type="button" id={`${id}-outdent`} className="secondary" aria-label={named(m.outdent)} onClick={() => act.outdent(item.key)}>
                  {m.outdent}
                </button>
              ) : (
                // Left enabled where the rules refuse, so pressing it says why in the live region.
                <button type="button" id={`${id}-indent`} className="secondary" aria-label={named(m.indent)} onClick={() => act.indent(item.key)}>
                  {m.indent}
                </button>
              )}
              <button type="button" className="secondary" aria-label={named(m.remove)} onClick={() => void act.remove(item.key)}>
                {m.remove}
              </button>
            </>
          ) : null}
        </span>
      </div>
      {open ? (
        <div className="nav-tree-form" role="group" aria-label={item.title}>
          <Field id={`${id}-title`} label={m.itemTitle} error={mine?.title}>
            {(p) => <input {...p} value={item.title} maxLength={100} readOnly={!writable} onChange={(e) => act.update(item.key, { title: e.target.value })} />}
          </Field>
          <LinkPicker
            id={`${id}-href`}
            label={m.link}
            value={item.href}
            optional={isFolder}
            maxLength={1000}
            writable={writable}
            error={mine?.href}
            onChange={(href) => act.update(item.key, { href })}
          />
          {mine?.children ? <p className="field-error">{mine.children}</p> : null}
          <Field id={`${id}-new-window`} label={m.newWindow} check>
            {(p) => (
              <input
                {...p}
                type="checkbox"
                checked={item.newWindow}
                disabled={!writable}
                onChange={(e) => act.update(item.key, { newWindow: e.target.checked })}
              />
            )}
          </Field>
        </div>
      ) : null}
    </>
  );
}
