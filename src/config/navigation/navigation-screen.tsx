/**
 * The Navigation screen (Design area): the header menu and the footer links as trees, one level
 * deep. Items are added, edited (title, link through the link picker, new window), removed, and
 * moved by dragging or from the keyboard (each row's Move up, Move down, Put under the item above
 * and Take out of the dropdown buttons); every move is announced in a live region, and a move the
 * rules refuse says why there. Both trees are saved together (PUT /api/config/navigation); a
 * refusal's messages are shown at the items they name. The moves are src/domain/navigation-tree.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { canAccess } from '../../domain/permissions';
import type { Me } from '../../contracts/auth';
import { okAnswer } from '../../contracts/common';
import { navigationAnswer } from '../../contracts/navigation';
import {
  editableTree,
  indent,
  itemAt,
  moveBy,
  moveTo,
  outdent,
  removeAt,
  savedTree,
  siblingsOf,
  type MoveResult,
  type TreeItem,
  type TreePosition,
} from '../../domain/navigation-tree';
import { format } from '../../messages/format';
import { navigation as m } from '../../messages/navigation';
import { showConfirmation } from '../../ui/dialogs/show';
import { call } from '../shared/api';
import { errorText, fieldErrorsOf, Messages, useLoad } from '../shared/ui';
import { MenuTree, type Actions, type ItemErrors, type Menu } from './menu-tree';
import './navigation.css';

const PATH_BASE: Record<Menu, string> = { header: 'navigation', footer: 'footerLinks' };

let lastKey = 0;
const newKey = () => `n${++lastKey}`;

function errorsByKey(trees: Record<Menu, TreeItem[]>, errors: Record<string, string>): { items: ItemErrors; menus: Partial<Record<Menu, string>> } {
  const items: ItemErrors = {};
  const menus: Partial<Record<Menu, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [base, index, ...rest] = path.split('.');
    const menu = (Object.keys(PATH_BASE) as Menu[]).find((k) => PATH_BASE[k] === base);
    if (!menu) continue;
    if (index === undefined) {
      menus[menu] = message;
      continue;
    }
    const inChild = rest[0] === 'children' && rest[1] !== undefined;
    const item = itemAt(trees[menu], inChild ? { index: Number(index), child: Number(rest[1]) } : { index: Number(index) });
    const field = (inChild ? rest[2] : rest[0]) ?? 'title';
    if (item) items[item.key] = { ...items[item.key], [field]: message };
  }
  return { items, menus };
}

function positionOf(tree: readonly TreeItem[], key: string): TreePosition | undefined {
  for (let index = 0; index < tree.length; index++) {
    if (tree[index]!.key === key) return { index };
    const child = tree[index]!.children.findIndex((c) => c.key === key);
    if (child !== -1) return { index, child };
  }
  return undefined;
}

export function NavigationScreen({ me }: { me: Me }) {
  const [loaded, loadError] = useLoad(navigationAnswer, '/api/config/navigation');
  // The trees as loaded (with keys made once per load), until the first change.
  const initial = useMemo(
    () => (loaded ? { header: editableTree(loaded.navigation, newKey), footer: editableTree(loaded.footerLinks, newKey) } : undefined),
    [loaded],
  );
  const [edited, setTrees] = useState<Record<Menu, TreeItem[]>>();
  const trees = edited ?? initial;
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [errors, setErrors] = useState<{ items: ItemErrors; menus: Partial<Record<Menu, string>> }>({ items: {}, menus: {} });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<{ menu: Menu; key: string } | null>(null);
  /** The control to focus once a move has re-rendered the tree (its item may have moved to another list). */
  const focusNext = useRef<{ key: string; control: string } | null>(null);
  const writable = me.role !== null && canAccess(me.role, 'design', 'write');

  useEffect(() => {
    if (!focusNext.current) return;
    const { key, control } = focusNext.current;
    focusNext.current = null;
    // A button the move disabled (Move up at the top) cannot hold focus: the item's Edit button does.
    const target = document.getElementById(`nav-${key}-${control}`) as HTMLButtonElement | null;
    if (target && !target.disabled) target.focus();
    else document.getElementById(`nav-${key}-edit`)?.focus();
  });

  if (!trees) return <Messages error={loadError} />;

  const change = (menu: Menu, tree: TreeItem[]) => {
    setTrees({ ...trees, [menu]: tree });
    setDirty(true);
    setDone(null);
  };

  /** Applies a move, announces it (or why it was refused) and keeps focus on the same control of the moved item. */
  const apply = (menu: Menu, key: string, result: MoveResult, say: (at: TreePosition, tree: TreeItem[]) => string, control: string) => {
    if (!result.ok) {
      if (result.message) setAnnouncement(result.message);
      return;
    }
    change(menu, result.tree);
    setAnnouncement(say(result.at, result.tree));
    focusNext.current = { key, control };
  };

  const placeText = (tree: TreeItem[], at: TreePosition) => ({ position: (at.child ?? at.index) + 1, count: siblingsOf(tree, at).length });

  /** The menu's tree, and where the item `key` is in it and its title; undefined when it is gone. */
  const locate = (menu: Menu, key: string) => {
    const tree = trees[menu];
    const at = positionOf(tree, key);
    return at && { tree, at, title: itemAt(tree, at)!.title };
  };

  const actions = (menu: Menu): Actions => ({
    move: (key: string, step: -1 | 1) => {
      const { tree, at, title } = locate(menu, key)!;
      apply(
        menu,
        key,
        moveBy(tree, at, step),
        (to, next) => {
          const { position, count } = placeText(next, to);
          return step < 0 ? format(m.movedUp, { title, position, count }) : format(m.movedDown, { title, position, count });
        },
        step < 0 ? 'up' : 'down',
      );
    },
    indent: (key: string) => {
      const { tree, at, title } = locate(menu, key)!;
      apply(menu, key, indent(tree, at), (to, next) => format(m.indented, { title, parent: next[to.index]!.title }), 'outdent');
    },
    outdent: (key: string) => {
      const { tree, at, title } = locate(menu, key)!;
      apply(
        menu,
        key,
        outdent(tree, at),
        (to, next) => {
          const { position, count } = placeText(next, to);
          return format(m.outdented, { title, position, count });
        },
        'indent',
      );
    },
    drop: (key: string, before: TreePosition) => {
      const found = locate(menu, key);
      if (!found) return;
      const { tree, at, title } = found;
      apply(
        menu,
        key,
        moveTo(tree, at, before),
        (to, next) => {
          const { position, count } = placeText(next, to);
          return format(m.movedTo, { title, position, count, parent: to.child === undefined ? 'none' : next[to.index]!.title });
        },
        'edit',
      );
    },
    remove: async (key: string) => {
      const { tree, at } = locate(menu, key)!;
      const item = itemAt(tree, at)!;
      if (item.children.length > 0) {
        const answer = await showConfirmation({
          title: format(m.removeTitle, { title: item.title }),
          text: format(m.removeWithChildren, { title: item.title, count: item.children.length }),
          confirmLabel: m.removeConfirm,
        });
        if (answer !== 'confirm') return;
      }
      change(menu, removeAt(tree, at));
      setAnnouncement(format(m.removed, { title: item.title }));
      if (editing === key) setEditing(null);
    },
    add: () => {
      const item: TreeItem = { key: newKey(), title: m.newItemTitle, href: '', newWindow: false, children: [] };
      change(menu, [...trees[menu], item]);
      setEditing(item.key);
      setAnnouncement(format(m.added, { title: item.title, menu: menu === 'header' ? m.headerMenu : m.footerLinks }));
      focusNext.current = { key: item.key, control: 'title' };
    },
    update: (key: string, patch: Partial<Pick<TreeItem, 'title' | 'href' | 'newWindow'>>) => {
      const tree = trees[menu];
      change(
        menu,
        tree.map((it) => (it.key === key ? { ...it, ...patch } : { ...it, children: it.children.map((c) => (c.key === key ? { ...c, ...patch } : c)) })),
      );
    },
  });

  const save = () => {
    setError(null);
    setDone(null);
    setBusy(true);
    call(okAnswer, 'PUT', '/api/config/navigation', { navigation: savedTree(trees.header), footerLinks: savedTree(trees.footer) })
      .then(
        () => {
          setErrors({ items: {}, menus: {} });
          setDirty(false);
          setDone(m.saved);
        },
        (err: unknown) => {
          setError(errorText(err));
          const found = errorsByKey(trees, fieldErrorsOf(err));
          setErrors(found);
          // Open the first item the refusal names, so its message is beside its field.
          const first = [...trees.header, ...trees.footer].flatMap((it) => [it, ...it.children]).find((it) => found.items[it.key]);
          if (first) setEditing(first.key);
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="navigation-screen">
      <h1>{m.title}</h1>
      <p className="hint">{m.intro}</p>
      {writable ? <p className="hint">{m.dragHint}</p> : <p>{m.readOnly}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {(['header', 'footer'] as const).map((menu) => (
          <MenuTree
            key={menu}
            menu={menu}
            tree={trees[menu]}
            writable={writable}
            editing={editing}
            setEditing={setEditing}
            errors={errors.items}
            menuError={errors.menus[menu]}
            dragging={dragging?.menu === menu ? dragging.key : null}
            setDragging={(key) => setDragging(key === null ? null : { menu, key })}
            act={actions(menu)}
            note={menu === 'footer' && loaded?.footerShowsNavigation ? m.footerRepeatsHeader : undefined}
          />
        ))}
        <Messages error={error} done={done} />
        {writable ? (
          <div className="button-row">
            <button type="submit" disabled={busy}>
              {m.save}
            </button>
            {dirty ? <p className="hint">{m.unsaved}</p> : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}
