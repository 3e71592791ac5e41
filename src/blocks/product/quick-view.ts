/**
 * Quick view (browser): a product card's button opens a dialog holding the product's details and
 * variant picker, taken from the product's own page (a cached page, fetched on the first open), and
 * sends the census's quick-view count (seed 000 §7: `POST /api/census/RecordQuickView/{id}`, no
 * payload). Closing it returns focus to the button. The button is hidden until this code runs.
 *
 * The count is sent from here, to the address the server wrote on the button, rather than through
 * the visitor runtime's census module (recordQuickView): that runtime, which every page runs, is at
 * its 8 KB budget to the byte (e2e/budgets.test.ts), and any binding this chunk took from it would be
 * added to every page's share. So the page context is read here by its element's id (the one
 * src/ui/page-contract/site-context.ts names), and the count goes only where the page is tracked
 * (seed 000 §6); a failure is only logged.
 */
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

/** The page context's element (SITE_CONTEXT_ELEMENT_ID), found among the page's scripts as the runtime finds it. */
const PAGE_CONTEXT = 'op-site';

function countQuickView(address: string | undefined) {
  const context = (document.scripts as unknown as Record<string, HTMLScriptElement | undefined>)[PAGE_CONTEXT]?.textContent;
  const tracked = (() => {
    try {
      return context ? (JSON.parse(context) as { tracked?: boolean }).tracked === true : false;
    } catch {
      return false;
    }
  })();
  if (!address || !tracked) return;
  fetch(address, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch((err: unknown) => console.warn('quick-view', err));
}

async function open(button: HTMLButtonElement) {
  const path = button.dataset.quickView;
  const id = button.dataset.productId;
  if (!path || !id) return;
  countQuickView(button.dataset.census);
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
  // Its code comes with the first quick view, not with every page showing a product card.
  const picker = enhancePicker(detail);
  void import('./add-to-cart').then(({ enhanceAddToCart }) => enhanceAddToCart(detail, picker));
}

/** Shows a card's quick view button and opens the dialog on click. */
export function enhanceQuickView(button: HTMLButtonElement): void {
  button.hidden = false;
  button.addEventListener('click', () => void open(button));
}
