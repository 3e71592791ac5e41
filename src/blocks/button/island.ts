/**
 * The button block in the browser (seed 000 §3, §7): once the button is on screen, a
 * /api/census/button-render count; on each click, a /api/census/button-click count. Both carry
 * the block's tracking payload (context 1, a button block) and, while consent allows, the visitor
 * cookie; both give up after 2500 ms and fail silently. The link itself is never held up: the
 * click count is sent with keepalive and the browser follows the link at once.
 */
import { BUTTON_TRACKING_CONTEXT, type ButtonTrackingPayload } from '../../domain/census';
import { buttonClick, buttonRender } from '../../runtime/api';

export default function button(el: HTMLElement): void {
  const block = el.querySelector<HTMLElement>('[data-button-id]');
  const control = block?.querySelector<HTMLElement>('.button');
  if (!block || !control) return;
  const link = control instanceof HTMLAnchorElement ? control : undefined;
  const payload: ButtonTrackingPayload = {
    id: block.dataset.buttonId ?? '',
    buttonText: control.textContent ?? '',
    clickthroughUrl: link?.getAttribute('href') ?? '',
    alignment: block.dataset.alignment ?? '',
    size: block.dataset.size ?? '',
    newWindow: block.dataset.newWindow === 'true',
    context: BUTTON_TRACKING_CONTEXT.BUTTON_BLOCK,
  };
  link?.addEventListener('click', () => buttonClick(payload));
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    buttonRender(payload);
  });
  seen.observe(control);
}
