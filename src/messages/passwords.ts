/** A new password's rule (domain/passwords.ts) in words, for customers and team members alike. */
export const passwords = {
  missing: 'Choose a password.',
  tooShort: 'Choose a password of at least {min} characters; {recommended} or more is better.',
  tooLong: 'Choose a password of at most {max} characters.',
  common: 'This password is one of the most common passwords, so it is among the first anyone would try. Choose another, such as a few unrelated words.',
  email: 'Choose a password that is not your email address.',
  siteName: 'Choose a password that is not the name of the site.',
  hint: "At least {min} characters; {recommended} or more is better, and a few unrelated words make a good one. Not a common password, your email address or the site's name.",
  enterPassword: 'Enter your password.',
  enterCurrent: 'Enter your current password.',
  changed: 'Your password is changed. Everywhere else you were signed in has been signed out.',
  resetAsked: 'If an account uses this email, a link to reset its password is on its way.',
  chooseNew: 'Choose a new password.',
  currentWrong: 'Your current password is not right.',
  tooManyWrong: 'Too many wrong passwords. Please wait a few minutes and try again.',
} as const;
