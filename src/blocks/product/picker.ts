/**
 * The variant picker (browser): choosing options shows the chosen variant's photo, price (the
 * reduced one struck through), weight and size, all given in the markup's JSON (./picker-data.ts),
 * and asks the availability call once, uncached, to say "Only N left" or "Sold out" and to mark the
 * choices that lead only to a sold-out variant. Without JavaScript the first variant is shown and
 * nothing is said about stock, as in the cached page.
 */
import type { StockState } from '../../domain/commerce';
import { PRODUCT_AVAILABILITY_PATH, soldOutValues, variantFor } from '../../domain/shop';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import type { PickerData, PickerVariant } from './picker-data';

type Availability = { variants: ({ id: string } & StockState)[] };

const stockStates = new Map<string, Promise<Map<string, StockState>>>();

/** One call per product per page, whatever shows it (the page and its quick views). */
function availability(productId: string): Promise<Map<string, StockState>> {
  let found = stockStates.get(productId);
  if (!found) {
    found = fetch(PRODUCT_AVAILABILITY_PATH + encodeURIComponent(productId), { cache: 'no-store', credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<Availability>) : { variants: [] }))
      .then((answer) => new Map(answer.variants.map(({ id, ...state }) => [id, state as StockState])))
      .catch(() => new Map<string, StockState>());
    stockStates.set(productId, found);
  }
  return found;
}

function text(tag: string, className: string, words: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = words;
  return node;
}

/** The price line, as the server draws it (./card.tsx PriceView). */
function showPrice(line: HTMLElement, variant: PickerVariant | undefined) {
  line.replaceChildren();
  line.classList.toggle('price-on-sale', variant?.was !== undefined);
  if (!variant) {
    line.append(shop.noCombination);
    return;
  }
  if (variant.was === undefined) {
    line.append(variant.now);
    return;
  }
  line.append(
    text('span', 'visually-hidden', shop.originalPrice),
    ' ',
    text('s', 'price-was', variant.was),
    ' ',
    text('span', 'visually-hidden', shop.salePrice),
    ' ',
    text('span', 'price-now', variant.now),
  );
}

function showSpec(root: HTMLElement, name: 'weight' | 'dimensions', value: string | undefined) {
  const row = root.querySelector<HTMLElement>(`[data-spec="${name}"]`);
  if (!row) return;
  row.hidden = value === undefined;
  const cell = row.querySelector('dd');
  if (cell && value !== undefined) cell.textContent = value;
}

/** Makes the slide showing `file` the large one. */
export function showImage(root: HTMLElement, file: string | undefined) {
  if (!file) return;
  const slides = [...root.querySelectorAll<HTMLElement>('.product-slide')];
  const target = slides.find((s) => s.dataset.file === file);
  if (!target) return;
  for (const s of slides) s.classList.toggle('is-main', s === target);
  // The large one is drawn wide: the browser picks its copy again for that width.
  const sizes = root.querySelector<HTMLElement>('.product-gallery')?.dataset.mainSizes;
  if (sizes) for (const node of target.querySelectorAll<HTMLImageElement | HTMLSourceElement>('img, source')) node.sizes = sizes;
}

/** What the add-to-cart button asks of the picker: the variant chosen (undefined for a combination not offered), whether it is sold out, and each change. */
export type PickerChoice = { variant(): PickerVariant | undefined; soldOut(): boolean; onChange(listener: () => void): void };

export function enhancePicker(root: HTMLElement): PickerChoice | undefined {
  const json = root.querySelector('script.product-variants')?.textContent;
  if (!json) return undefined;
  const data = JSON.parse(json) as PickerData;
  const selects = [...root.querySelectorAll<HTMLSelectElement>('select[data-option]')];
  const priceLine = root.querySelector<HTMLElement>('.product-price');
  const stock = root.querySelector<HTMLElement>('.product-stock');
  let states = new Map<string, StockState>();
  const chosen = () => selects.map((s) => s.value);
  const listeners: (() => void)[] = [];
  const current = () => variantFor(data.variants, chosen());

  function update(showPhoto: boolean) {
    const now = chosen();
    const variant = variantFor(data.variants, now);
    if (priceLine) showPrice(priceLine, variant);
    if (showPhoto) showImage(root, variant?.image);
    showSpec(root, 'weight', variant?.weight);
    showSpec(root, 'dimensions', variant?.dimensions);
    const state = variant && states.get(variant.id);
    if (stock) stock.textContent = state?.state === 'soldOut' ? shop.soldOut : state?.state === 'low' ? format(shop.onlyLeft, { count: state.left }) : '';
    root.classList.toggle('is-sold-out', state?.state === 'soldOut');
    selects.forEach((select, i) => {
      const out = soldOutValues(data.variants, now, i, states);
      for (const option of select.options) {
        const soldOut = out.has(option.value);
        option.disabled = soldOut && !option.selected;
        option.textContent = soldOut ? format(shop.soldOutChoice, { value: option.value }) : option.value;
      }
    });
    for (const listener of listeners) listener();
  }

  for (const select of selects) select.addEventListener('change', () => update(true));
  void availability(data.productId).then((found) => {
    states = found;
    update(false);
    root.dataset.stockKnown = '';
  });
  return {
    variant: current,
    soldOut: () => {
      const variant = current();
      return variant !== undefined && states.get(variant.id)?.state === 'soldOut';
    },
    onChange: (listener) => listeners.push(listener),
  };
}
