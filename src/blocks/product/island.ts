/** Product block island: its card's quick view (./quick-view.ts). Loaded only for a card offering one. */
import { enhanceQuickView } from './quick-view';

export default function enhance(root: HTMLElement) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-quick-view]')) enhanceQuickView(button);
}
