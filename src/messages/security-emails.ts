/** The emails that tell an account's owner about a change to how the account is secured. */
export const securityEmails = {
  passwordChangedSubject: 'Your password was changed',
  passwordChanged: 'The password of your account was changed.',
  passwordChangedSessions: 'Everywhere else you were signed in has been signed out; the device that changed it stays signed in.',
  passwordReset: 'The password of your account was changed with a reset link sent to this address.',
  passwordResetSessions: 'Everywhere you were signed in has been signed out.',
  twoFactorOnSubject: 'Two-factor sign-in was turned on',
  twoFactorOn: 'Two-factor sign-in was turned on for your account: signing in now asks for a code from an authenticator app after the password.',
  twoFactorOffSubject: 'Two-factor sign-in was turned off',
  twoFactorOff: 'Two-factor sign-in was turned off for your account: signing in now asks only for the password.',
  othersSignedOut: 'Everywhere else you were signed in has been signed out.',
  recoveryCodesSubject: 'New recovery codes were made',
  recoveryCodes: 'A new set of two-factor recovery codes was made for your account. The earlier codes no longer work.',
  account: 'Account: {to} ({accountOf})\nWhen: {when}',
  ifNotYou:
    'If this was you, there is nothing more to do.\n\nIf it was not you, someone else may know your password: reset it now and check where your account is signed in:\n{reviewUrl}',
} as const;
