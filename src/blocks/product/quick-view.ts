/**
 * Quick view (browser): a product card's button opens a dialog holding the product's details and
 * variant picker, taken from the product's own page (a cached page, fetched on the first open), and
 * sends the census's quick-view count (seed 000 §7: `POST /api/census/RecordQuickView/{id}`, no
 * payload). Closing it returns focus to the button. The button is hidden until this code runs.
 */
import { recordQuickView } from '../../runtime/api';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import { enhanceGallery } from './gallery';
import { enhancePicker } from './picker';

const details = new Map<string, Promise<Element | undefined>>();

function productDetail(path: string): Promise<Element | undefined> {
  let found = details.get(path);
  if (!found) {
    found = fetch(path, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : ''))
      .then((html) => new DOMParser().parseFromString(html, 'text/html').querySelector('.product-detail') ?? undefined)
      .catch(() => undefined);
    details.set(path, found);
  }
  return found;
}

async function open(button: HTMLButtonElement) {
  const path = button.dataset.quickView;
  const id = button.dataset.productId;
  if (!path || !id) return;
  recordQuickView(id);
  const found = await productDetail(path);
  if (!found) {
    location.assign(path);
    return;
  }
  const detail = document.importNode(found, true) as HTMLElement;
  detail.removeAttribute('data-island');
  const name = detail.querySelector('h1');
  const dialog = document.createElement('dialog');
  dialog.className = 'quick-view';
  dialog.setAttribute('aria-label', format(shop.quickViewOf, { name: name?.textContent ?? '' }));
  if (name) {
    // The dialog's heading, not the page's.
    const heading = document.createElement('h2');
    heading.className = name.className;
    heading.textContent = name.textContent;
    name.replaceWith(heading);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'quick-view-close';
  close.setAttribute('aria-label', shop.closeQuickView);
  close.textContent = '×';
  const more = document.createElement('a');
  more.className = 'quick-view-more';
  more.href = path;
  more.textContent = shop.viewDetails;
  detail.querySelector('.product-summary')?.append(more);
  dialog.append(close, detail);
  document.body.append(dialog);
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    button.focus();
  });
  dialog.showModal();
  close.focus();
  enhanceGallery(detail, { lightbox: false });
  enhancePicker(detail);
}

/** Shows a card's quick view button and opens the dialog on click. */
export function enhanceQuickView(button: HTMLButtonElement): void {
  button.hidden = false;
  button.addEventListener('click', () => void open(button));
}
