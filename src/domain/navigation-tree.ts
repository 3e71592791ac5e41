/**
 * The rules of a site's navigation tree (the header menu and the footer links): items with a
 * title and a link, each top-level item optionally holding the links of its dropdown, one level
 * deep. The site document's schema, the navigation call and the Navigation screen all apply these
 * rules, and the screen's moves (up, down, under the item above, out of a dropdown, drag) are
 * written here as pure functions over the tree, so each is tested once and refused the same way.
 */
import { format } from '../messages/format';
import { navigation as m } from '../messages/navigation';

export const NAVIGATION_LIMITS = {
  /** Top-level items of the header menu (the document's `navigation`). */
  header: 100,
  /** Top-level items of the footer's own links (`footer.links`). */
  footer: 30,
  /** Links in one item's dropdown. */
  children: 30,
  title: 100,
} as const;

export const NAVIGATION_MESSAGES = { tooDeep: m.tooDeep, needsLink: m.needsLink } as const;

/** An item of an edited tree: `key` tells items apart while they move; the saved tree has no keys. */
export type TreeItem = { key: string; title: string; href: string; newWindow: boolean; children: TreeItem[] };

/** Where an item is: its index at the top level, and its index in that item's dropdown when it is in one. */
export type TreePosition = { index: number; child?: number };

export type MoveResult = { ok: true; tree: TreeItem[]; at: TreePosition } | { ok: false; message: string };

const refuse = (message: string): MoveResult => ({ ok: false, message });

export function itemAt(tree: readonly TreeItem[], at: TreePosition): TreeItem | undefined {
  const top = tree[at.index];
  return at.child === undefined ? top : top?.children[at.child];
}

/** The list an item sits in (the top level or its parent's dropdown), for "n of count". */
export function siblingsOf(tree: readonly TreeItem[], at: TreePosition): readonly TreeItem[] {
  return at.child === undefined ? tree : (tree[at.index]?.children ?? []);
}

function withChildren(tree: readonly TreeItem[], index: number, children: TreeItem[]): TreeItem[] {
  return tree.map((item, i) => (i === index ? { ...item, children } : item));
}

function swap<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

/** One step up or down among its siblings (a parent moves with its dropdown). */
export function moveBy(tree: readonly TreeItem[], at: TreePosition, step: -1 | 1): MoveResult {
  const siblings = siblingsOf(tree, at);
  const from = at.child ?? at.index;
  const to = from + step;
  if (to < 0 || to >= siblings.length || !itemAt(tree, at)) return refuse('');
  if (at.child === undefined) return { ok: true, tree: swap(tree, from, to), at: { index: to } };
  return { ok: true, tree: withChildren(tree, at.index, swap(siblings, from, to)), at: { index: at.index, child: to } };
}

/** A top-level item goes to the end of the dropdown of the item above it. */
export function indent(tree: readonly TreeItem[], at: TreePosition): MoveResult {
  const item = itemAt(tree, at);
  if (!item) return refuse('');
  if (at.child !== undefined) return refuse(m.tooDeep);
  if (at.index === 0) return refuse(m.cannotIndentFirst);
  if (item.children.length > 0) return refuse(format(m.cannotIndentParent, { title: item.title }));
  const parent = tree[at.index - 1]!;
  if (parent.children.length >= NAVIGATION_LIMITS.children) return refuse(format(m.tooManyChildren, { max: NAVIGATION_LIMITS.children }));
  const next = tree.filter((_, i) => i !== at.index).map((it, i) => (i === at.index - 1 ? { ...it, children: [...it.children, item] } : it));
  return { ok: true, tree: next, at: { index: at.index - 1, child: parent.children.length } };
}

/** An item of a dropdown becomes the top-level item right after its parent. */
export function outdent(tree: readonly TreeItem[], at: TreePosition): MoveResult {
  const item = itemAt(tree, at);
  if (!item || at.child === undefined) return refuse('');
  const parent = tree[at.index]!;
  const next = [
    ...withChildren(
      tree,
      at.index,
      parent.children.filter((_, j) => j !== at.child),
    ),
  ];
  next.splice(at.index + 1, 0, item);
  return { ok: true, tree: next, at: { index: at.index + 1 } };
}

export function removeAt(tree: readonly TreeItem[], at: TreePosition): TreeItem[] {
  if (at.child === undefined) return tree.filter((_, i) => i !== at.index);
  return withChildren(
    tree,
    at.index,
    tree[at.index]!.children.filter((_, j) => j !== at.child),
  );
}

/**
 * A drag: the item at `from` goes before the item at `before` (or, with `before.child` equal to
 * the dropdown's length, to its end); `before.index` equal to the tree's length is the end of the
 * menu. Positions are read in the tree as it was before the move. An item with links under it
 * cannot go into a dropdown, nor an item into its own.
 */
export function moveTo(tree: readonly TreeItem[], from: TreePosition, before: TreePosition): MoveResult {
  const item = itemAt(tree, from);
  if (!item) return refuse('');
  const intoDropdown = before.child !== undefined;
  if (intoDropdown && item.children.length > 0) return refuse(format(m.cannotIndentParent, { title: item.title }));
  if (intoDropdown && from.child === undefined && before.index === from.index) return refuse(m.tooDeep);
  if (intoDropdown && before.index !== from.index && (tree[before.index]?.children.length ?? 0) >= NAVIGATION_LIMITS.children) {
    return refuse(format(m.tooManyChildren, { max: NAVIGATION_LIMITS.children }));
  }
  // Take the item out, keeping a marker where it is to go, then put it at the marker.
  const marker: TreeItem = { key: '\u0000marker', title: '', href: '', newWindow: false, children: [] };
  const placed: TreeItem[] = tree.map((it, i) => {
    let children = it.children;
    if (before.child !== undefined && i === before.index) children = [...children.slice(0, before.child), marker, ...children.slice(before.child)];
    if (from.child !== undefined && i === from.index) children = children.filter((c) => c !== item);
    return children === it.children ? it : { ...it, children };
  });
  if (before.child === undefined) placed.splice(before.index, 0, marker);
  const without = from.child === undefined ? placed.filter((it) => it !== item) : placed;
  const index = without.findIndex((it) => it === marker || it.children.includes(marker));
  const holder = without[index]!;
  if (holder === marker) {
    without[index] = item;
    return { ok: true, tree: without, at: { index } };
  }
  const child = holder.children.indexOf(marker);
  without[index] = { ...holder, children: holder.children.map((c) => (c === marker ? item : c)) };
  return { ok: true, tree: without, at: { index, child } };
}

/** A saved navigation item, as the document holds it (see src/document/primitives.ts `navLink`). */
export type SavedItem = { title: string; href?: string; newWindow: boolean; children?: SavedChild[] };
export type SavedChild = { title: string; href: string; newWindow: boolean };

/** An edited tree as the document holds it: a folder (children, no link) leaves `href` out; an item without children has no `children`. */
export function savedTree(tree: readonly TreeItem[]): SavedItem[] {
  return tree.map((item) => {
    const children = item.children.map((c) => ({ title: c.title.trim(), href: c.href.trim(), newWindow: c.newWindow }));
    const href = item.href.trim();
    return {
      title: item.title.trim(),
      ...(href !== '' || children.length === 0 ? { href } : {}),
      newWindow: item.newWindow,
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/** Any tree-like input, as an edited tree with keys made by `key` (stored folders have no href). */
export function editableTree(
  items: readonly { title: string; href?: string | undefined; newWindow?: boolean | undefined; children?: readonly unknown[] | undefined }[],
  key: () => string,
): TreeItem[] {
  const one = (
    it: { title: string; href?: string | undefined; newWindow?: boolean | undefined; children?: readonly unknown[] | undefined },
    deep: boolean,
  ): TreeItem => ({
    key: key(),
    title: it.title,
    href: it.href ?? '',
    newWindow: it.newWindow ?? false,
    children: deep ? ((it.children ?? []) as typeof items).map((c) => one(c, false)) : [],
  });
  return items.map((it) => one(it, true));
}

/** A tree as received: any depth, so a tree too deep is told apart from a malformed one. */
export type ReceivedItem = { title: string; href?: string | undefined; newWindow?: boolean | undefined; children?: ReceivedItem[] | undefined };

/**
 * What is wrong with a received tree, by dot-separated path under `base` (`navigation.1.children.0.href`):
 * depth, counts, titles, missing links, and each link `linkMessage` refuses (the seed's link rules).
 */
export function treeErrors(
  items: readonly ReceivedItem[],
  base: string,
  max: number,
  linkMessage: (href: string) => string | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (items.length > max) errors[base] = format(m.tooManyItems, { max });
  const check = (item: ReceivedItem, path: string, depth: number) => {
    const title = item.title.trim();
    if (title === '') errors[`${path}.title`] = m.needsTitle;
    else if (title.length > NAVIGATION_LIMITS.title) errors[`${path}.title`] = format(m.titleTooLong, { max: NAVIGATION_LIMITS.title });
    const children = item.children ?? [];
    const href = item.href?.trim() ?? '';
    if (href === '' && (depth > 0 || children.length === 0)) errors[`${path}.href`] = m.needsLink;
    else if (href !== '') {
      const refused = linkMessage(href);
      if (refused) errors[`${path}.href`] = refused;
    }
    if (children.length === 0) return;
    if (depth > 0) {
      errors[`${path}.children`] = m.tooDeep;
      return;
    }
    if (children.length > NAVIGATION_LIMITS.children) errors[`${path}.children`] = format(m.tooManyChildren, { max: NAVIGATION_LIMITS.children });
    children.forEach((c, j) => check(c, `${path}.children.${j}`, depth + 1));
  };
  items.forEach((item, i) => check(item, `${base}.${i}`, 0));
  return errors;
}
