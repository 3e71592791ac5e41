/** A site's own members (customer accounts) and its password-protected pages. */
export const members = {
  limited: 'Too many attempts. Please wait a few minutes and try again.',
  signedUp: 'Check your email: we sent you a link to confirm your address.',
  wrongPagePassword: 'That password is not right. Please try again.',
  xsrf: 'Your sign-in could not be confirmed for this change. Reload the page and try again.',
  noSuchSession: 'That session is not one of yours, or it has already ended.',
  pageNotProtected: 'This page is not protected by a password.',
  confirmLinkExpired: 'This confirmation link has expired or was already used. Sign up again to get a new one.',
  confirmEmailFirst: 'Confirm your email address first: open the link we emailed you when you signed up.',
  signedOutOthers: '{count, plural, one {Signed out # other session.} other {Signed out # other sessions.}}',
  sessionsUnavailable: 'Your sessions could not be loaded. Reload the page to try again.',
  sessionTimes: 'Signed in {signedIn} · Last active {current, select, yes {now} other {{lastActive}}}',
  newPasswordSaved: 'Your new password is saved. Sign in with it.',
  enterPagePassword: 'Enter the password.',
} as const;
