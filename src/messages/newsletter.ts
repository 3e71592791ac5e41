/** A newsletter subscription's confirmation and unsubscribe pages and answers. */
export const newsletter = {
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmLinkInvalid: 'This confirmation link is not valid any more. Sign up again to get a new one.',
  unsubscribed: 'You are unsubscribed. You will get no more emails from this list.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Use the link in the newest email you received from us.',
  enterEmail: 'Enter your email address.',
  oneClickBody: 'The body must be List-Unsubscribe=One-Click.',
  signedUp: 'Thank you! Check your email to confirm your subscription.',
  confirmTitle: 'Confirm your subscription',
  confirmButton: 'Confirm my subscription',
  unsubscribe: 'Unsubscribe',
} as const;
