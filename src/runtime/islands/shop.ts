/** A shop page's behaviour: its sort control and its cards' quick views (src/blocks/product). */
import { enhanceQuickView } from '../../blocks/product/quick-view';
import { enhanceSort } from '../../blocks/product/sort';

export default function enhance(root: HTMLElement) {
  enhanceSort(root);
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-quick-view]')) enhanceQuickView(button);
}
