/**
 * The navigation tree's rules: moves keep every item exactly once and never nest deeper than one
 * level; a move the rules refuse says why; a received tree's problems are named by path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editableTree, indent, itemAt, moveBy, moveTo, outdent, removeAt, savedTree, treeErrors, type TreeItem, type TreePosition } from './navigation-tree';

let n = 0;
const key = () => `k${++n}`;
const tree = () =>
  editableTree(
    [
      { title: 'Home', href: '/' },
      {
        title: 'Studio',
        children: [
          { title: 'About', href: '/about' },
          { title: 'Visit', href: '/contact' },
        ],
      },
      { title: 'Journal', href: '/journal' },
      { title: 'Shop', href: '/shop' },
    ],
    key,
  );
const shape = (t: readonly TreeItem[]) => t.map((it) => (it.children.length > 0 ? { [it.title]: it.children.map((c) => c.title) } : it.title));
const ok = (r: ReturnType<typeof moveBy>) => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};

describe('navigation tree moves', () => {
  it('moves an item up and down among its siblings, a parent with its dropdown', () => {
    const t = tree();
    expect(shape(ok(moveBy(t, { index: 2 }, -1)).tree)).toEqual(['Home', 'Journal', { Studio: ['About', 'Visit'] }, 'Shop']);
    expect(shape(ok(moveBy(t, { index: 1, child: 0 }, 1)).tree)).toEqual(['Home', { Studio: ['Visit', 'About'] }, 'Journal', 'Shop']);
    expect(ok(moveBy(t, { index: 1, child: 0 }, 1)).at).toEqual({ index: 1, child: 1 });
    expect(moveBy(t, { index: 0 }, -1).ok).toBe(false);
    expect(moveBy(t, { index: 1, child: 1 }, 1).ok).toBe(false);
  });

  it('puts an item under the item above, and takes it out again right after its parent', () => {
    const t = tree();
    const indented = ok(indent(t, { index: 2 }));
    expect(shape(indented.tree)).toEqual(['Home', { Studio: ['About', 'Visit', 'Journal'] }, 'Shop']);
    expect(indented.at).toEqual({ index: 1, child: 2 });
    const back = ok(outdent(indented.tree, indented.at));
    expect(shape(back.tree)).toEqual(shape(t));
    expect(back.at).toEqual({ index: 2 });
  });

  it('refuses a second level, saying why', () => {
    const t = tree();
    expect(indent(t, { index: 1, child: 1 })).toEqual({ ok: false, message: 'Menus go one level deep: a link in a dropdown cannot hold links of its own.' });
    expect(indent(t, { index: 2 }).ok).toBe(true);
    // Studio has links under it: it cannot go under Home.
    expect(indent(t, { index: 1 })).toEqual({
      ok: false,
      message: 'Studio has links under it, and menus go one level deep: take them out of its dropdown first.',
    });
    expect(indent(t, { index: 0 })).toEqual({ ok: false, message: 'The first item has no item above it to go under.' });
    expect(moveTo(t, { index: 1 }, { index: 2, child: 0 }).ok).toBe(false);
  });

  it('drags an item before another, into a dropdown and out of one', () => {
    const t = tree();
    expect(shape(ok(moveTo(t, { index: 3 }, { index: 0 })).tree)).toEqual(['Shop', 'Home', { Studio: ['About', 'Visit'] }, 'Journal']);
    expect(shape(ok(moveTo(t, { index: 0 }, { index: 4 })).tree)).toEqual([{ Studio: ['About', 'Visit'] }, 'Journal', 'Shop', 'Home']);
    const into = ok(moveTo(t, { index: 3 }, { index: 1, child: 1 }));
    expect(shape(into.tree)).toEqual(['Home', { Studio: ['About', 'Shop', 'Visit'] }, 'Journal']);
    expect(into.at).toEqual({ index: 1, child: 1 });
    const out = ok(moveTo(t, { index: 1, child: 0 }, { index: 3 }));
    expect(shape(out.tree)).toEqual(['Home', { Studio: ['Visit'] }, 'Journal', 'About', 'Shop']);
    expect(out.at).toEqual({ index: 3 });
    // Into the empty dropdown of an item with no links under it yet.
    expect(shape(ok(moveTo(t, { index: 0 }, { index: 2, child: 0 })).tree)).toEqual([{ Studio: ['About', 'Visit'] }, { Journal: ['Home'] }, 'Shop']);
  });

  it('keeps every item once and nesting one level deep, whatever moves are made', () => {
    const move = fc.record({
      op: fc.constantFrom('up', 'down', 'indent', 'outdent', 'drag'),
      a: fc.nat(20),
      b: fc.nat(20),
      c: fc.option(fc.nat(5), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 30 }), (moves) => {
        let t = tree();
        const keys = () => t.flatMap((it) => [it.key, ...it.children.map((c) => c.key)]).sort();
        const before = keys();
        const positions = () => t.flatMap((it, index): TreePosition[] => [{ index }, ...it.children.map((_, child) => ({ index, child }))]);
        for (const { op, a, b, c } of moves) {
          const all = positions();
          const at = all[a % all.length]!;
          const target: TreePosition =
            c === undefined ? { index: b % (t.length + 1) } : { index: b % t.length, child: Math.min(c, t[b % t.length]!.children.length) };
          const r =
            op === 'up'
              ? moveBy(t, at, -1)
              : op === 'down'
                ? moveBy(t, at, 1)
                : op === 'indent'
                  ? indent(t, at)
                  : op === 'outdent'
                    ? outdent(t, at)
                    : moveTo(t, at, target);
          if (!r.ok) continue;
          const moved = itemAt(t, at)!;
          t = r.tree;
          expect(itemAt(t, r.at)).toBe(moved);
        }
        expect(keys()).toEqual(before);
        for (const it of t) for (const child of it.children) expect(child.children).toEqual([]);
      }),
    );
  });

  it('removes an item, a parent with its dropdown', () => {
    expect(shape(removeAt(tree(), { index: 1 }))).toEqual(['Home', 'Journal', 'Shop']);
    expect(shape(removeAt(tree(), { index: 1, child: 0 }))).toEqual(['Home', { Studio: ['Visit'] }, 'Journal', 'Shop']);
  });

  it('saves a folder without a link of its own, and items without children as plain links', () => {
    expect(savedTree(tree()).slice(0, 2)).toEqual([
      { title: 'Home', href: '/', newWindow: false },
      {
        title: 'Studio',
        newWindow: false,
        children: [
          { title: 'About', href: '/about', newWindow: false },
          { title: 'Visit', href: '/contact', newWindow: false },
        ],
      },
    ]);
  });
});

describe('navigation tree errors', () => {
  const refuse = (href: string) => (href.startsWith('javascript:') ? `${href} refused` : undefined);
  it('names each problem by its path', () => {
    expect(
      treeErrors(
        [
          { title: '', href: '/' },
          { title: 'Folder' },
          { title: 'Deep', children: [{ title: 'Child', href: '/a', children: [{ title: 'Grandchild', href: '/b' }] }] },
          { title: 'Bad', href: 'javascript:x', children: [{ title: 'x'.repeat(101), href: '/c' }] },
        ],
        'navigation',
        3,
        refuse,
      ),
    ).toEqual({
      navigation: 'A menu holds at most 3 items.',
      'navigation.0.title': 'Give this item a title.',
      'navigation.1.href': 'Choose where this item leads, or put links under it.',
      'navigation.2.children.0.children': 'Menus go one level deep: a link in a dropdown cannot hold links of its own.',
      'navigation.3.href': 'javascript:x refused',
      'navigation.3.children.0.title': 'A title is at most 100 characters long.',
    });
    expect(treeErrors([{ title: 'Folder', children: [{ title: 'A', href: '/a' }] }], 'navigation', 3, refuse)).toEqual({});
  });
});
