/**
 * After logout the browser lands on the site root with `logout=true` (seed 000 §2, §4): an
 * information popup titled 'Logout Successful' says 'You have been successfully logged out.' and
 * hides itself after 2000 ms. The server adds this island only to that address, so no other page
 * carries its code.
 */
import { authentication } from '../../messages/authentication';
import { showInformation } from '../../ui/dialogs/show';

export default function showLogoutNotice(): void {
  void showInformation(authentication.logoutSuccessMessage, authentication.logoutSuccessTitle);
}
