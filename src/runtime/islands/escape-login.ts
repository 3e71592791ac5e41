/**
 * Escape-key sign-in (seed 000 §4, §6): on a site whose setting allows it, Escape — when nothing is
 * open for it to close — opens the team sign-in dialog; Escape again cancels it (the dialog's own
 * Escape). The server adds this island only for visitors who are not signed in, and only on such
 * sites; Shift+Escape does nothing here, as nobody is signed in to log out.
 */
import { showSignIn } from '../../ui/dialogs/show';

export default function escapeLogin(): void {
  let open = false;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.shiftKey || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || open) return;
    event.preventDefault();
    open = true;
    void showSignIn().finally(() => {
      open = false;
    });
  });
}
