/** The emails sent to a site's members, its team and its newsletter's subscribers (security notices are in security-emails.ts). */
export const emails = {
  memberExistsSubject: 'Your account on {site}',
  memberExists:
    'Someone asked to create an account on {site} with this address, which already has one.\n\nSign in here:\n{url}\n\nForgot your password? Reset it from the sign-in page. If it was not you, ignore this email.',
  memberVerifySubject: 'Confirm your email for {site}',
  memberVerify:
    'Welcome to {site}.\n\nConfirm your email address to finish creating your account (the link works for 48 hours):\n{url}\n\nIf you did not sign up, ignore this email.',
  memberResetSubject: 'Reset your password for {site}',
  memberReset:
    'Someone asked to reset the password of your account on {site}.\n\nChoose a new password within an hour:\n{url}\n\nIf it was not you, ignore this email: your password stays as it is.',
  accountReset:
    'Someone asked to reset the password of this account.\n\nChoose a new password within an hour:\n{url}\n\nIf it was not you, ignore this email: your password stays as it is.',
  invitationSubject: 'You are invited to {site}',
  invitation:
    'You have been invited to help run {site}.\n\nAccept the invitation within {days, plural, one {# day} other {# days}}:\n{url}\n\nIf you did not expect this, you can ignore this email.',
  newsletterConfirmSubject: 'Confirm your subscription to {list} ({site})',
  newsletterConfirm: 'Someone, hopefully you, asked to receive "{list}" from {site} at this address.',
  newsletterConfirmLink: 'To confirm your subscription, open this link and press the button:',
  newsletterIgnore: 'If you did not ask for this, ignore this email: you will not be subscribed.',
  newsletterUnsubscribe: 'Unsubscribe: {url}',
  newsletterSubscribedSubject: 'You are subscribed to {list} ({site})',
  newsletterSubscribed: 'Thank you for confirming: you will receive "{list}" from {site} at this address.',
  newsletterUnsubscribeAnyTime: 'You can unsubscribe at any time with this link, which is in every email we send you:',
} as const;
