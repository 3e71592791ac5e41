/**
 * The lock screen's form (seed 000 §2, page type 103): the page's password unlocks it for this
 * browser session, and the page loads again as protected content (105).
 */
import { field, showMessage, submitForm } from '../account/forms';
import { members } from '../../messages/members';

export default function lockScreen(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-lock-page]');
  if (!form) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const password = field(form, 'password');
    if (!password) {
      showMessage(form, members.enterPagePassword);
      return;
    }
    void submitForm(form, { url: '/api/page-access/unlock', method: 'POST', json: true, data: { pageId: form.dataset.lockPage, password } }).then((ok) => {
      if (ok) window.location.reload();
    });
  });
}
