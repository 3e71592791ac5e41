/** Two-factor sign-in: what the server answers and the config area shows. */
export const twoFactor = {
  wrong: 'That code is not right. Enter the code your authenticator app shows now.',
  wrongRecovery: 'That recovery code is not right, or it was already used. Each recovery code works once.',
  used: 'That code has already been used. Wait for the next code and enter it.',
  limited: 'Too many wrong codes. Please wait a few minutes and try again.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off before setting it up again.',
  notStarted: 'Start setting up two-factor sign-in first.',
  notOn: 'Two-factor sign-in is not on for your account.',
  wrongPassword: 'Your password is not right.',
  ticketExpired: 'Your sign-in took too long. Enter your email and password again.',
  ticketInvalid: 'This sign-in is no longer valid. Enter your email and password again.',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  enterCodeOrRecovery: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes (such as abcd-2345).',
  recoveryCodesLeft: '{left, plural, one {# recovery code is left.} other {# recovery codes are left.}}',
} as const;
