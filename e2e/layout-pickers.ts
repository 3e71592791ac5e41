/** The section layout pickers (the editor's "Add a section", the Pages screen's "Add a page"), as a person sees them. */
import type { Locator, Page } from 'playwright-core';

/**
 * Where the layout picker's pieces (each picture, radio button and word) overprint one
 * another or stick out of their choice or the dialog, with the window `width` pixels wide.
 */
export async function overprintedChoices(page: Page, dialog: Locator, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  return dialog.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const list = el.querySelector('.editor-layout-list, .layout-choices')!;
    /** A choice: the editor's button, or the Pages screen's radio button with its label and hint. */
    const choiceOf = (node: Node) => (node instanceof Element ? node : node.parentElement)!.closest('.editor-layout-item, .field')!.getBoundingClientRect();
    const pieces = [...list.querySelectorAll('.layout-preview, input[type="radio"]')].map((p) => ({
      what: p.tagName,
      r: p.getBoundingClientRect(),
      choice: choiceOf(p),
    }));
    // Word by word: a wrapped line's box would take in the space it wraps at, which hangs past the edge.
    const texts = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      for (const word of n.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, word.index);
        range.setEnd(n, word.index + word[0].length);
        for (const r of range.getClientRects()) pieces.push({ what: word[0], r, choice: choiceOf(n) });
      }
    }
    const problems: string[] = [];
    pieces.forEach((a, i) => {
      if (a.r.width < 1 || a.r.height < 1) problems.push(`${a.what} is not drawn`);
      if (a.r.left < box.left || a.r.right > box.right) problems.push(`${a.what} sticks out of the dialog`);
      if (a.r.left < a.choice.left || a.r.right > a.choice.right || a.r.top < a.choice.top || a.r.bottom > a.choice.bottom)
        problems.push(`${a.what} sticks out of its choice`);
      for (const b of pieces.slice(i + 1)) {
        if (Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 1 && Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 1)
          problems.push(`${a.what} over ${b.what}`);
      }
    });
    return problems;
  });
}
