/**
 * Accordion enhancement (seed 000 §4): a header click opens or closes its item with a 250 ms height
 * animation; unless several may be open, opening one closes the others. Runs over the server's
 * <details> markup; uses the Web Animations API, so no inline style attribute is written.
 */
import { ACCORDION_ANIMATION_MS } from '../../domain/limits';

const running = new WeakMap<HTMLDetailsElement, Animation>();

/** Where an item is heading, so a second click mid-animation reverses it. */
const target = new WeakMap<HTMLDetailsElement, boolean>();

function animate(item: HTMLDetailsElement, open: boolean) {
  target.set(item, open);
  const content = item.querySelector<HTMLElement>('.accordion-content');
  running.get(item)?.cancel();
  if (!content) {
    item.open = open;
    return;
  }
  if (open) item.open = true;
  const full = `${content.scrollHeight}px`;
  const animation = content.animate(
    { height: open ? ['0px', full] : [full, '0px'], overflow: ['hidden', 'hidden'] },
    { duration: ACCORDION_ANIMATION_MS, easing: 'ease-in-out' },
  );
  running.set(item, animation);
  animation.onfinish = () => {
    running.delete(item);
    if (!open) item.open = false;
  };
}

export default function enhance(root: HTMLElement) {
  const multiple = root.dataset.multiple === 'true';
  const items = [...root.querySelectorAll<HTMLDetailsElement>(':scope > details.accordion-item')];
  for (const item of items) {
    const summary = item.querySelector('summary');
    summary?.addEventListener('click', (event) => {
      event.preventDefault();
      const opening = !(target.get(item) ?? item.open);
      animate(item, opening);
      if (opening && !multiple) {
        for (const other of items) {
          if (other !== item && (target.get(other) ?? other.open)) animate(other, false);
        }
      }
    });
  }
}
