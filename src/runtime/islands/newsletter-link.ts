/**
 * The buttons of the newsletter pages (src/server/render/newsletter-pages.tsx): confirming a
 * sign-up and unsubscribing send the page's token through the data-request client; the answer
 * replaces the button with the server's message.
 */
import { API_PATHS } from '../../domain/routes';
import { showMessage, submitForm } from '../account/forms';

const CALLS: Record<string, string> = { confirm: API_PATHS.NEWSLETTER_CONFIRM, unsubscribe: API_PATHS.NEWSLETTER_UNSUBSCRIBE };

export default function newsletterLink(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-link]')) {
    const url = CALLS[form.dataset.newsletterLink ?? ''];
    if (!url) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submitForm<{ message: string }>(form, { url, method: 'POST', json: true, data: { token: form.dataset.token ?? '' } }).then((data) => {
        if (!data) return;
        form.querySelector('button[type=submit]')?.remove();
        showMessage(form, data.message, 'info');
      });
    });
  }
}
